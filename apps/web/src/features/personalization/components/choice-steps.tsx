import { clsx } from 'clsx';
import { Check, HeartHandshake, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAlbumFonts } from '@/lib/album-fonts/album-fonts';
import { fontFamilyFor } from '@/lib/album-fonts/font-families';
import { setTemporary } from '../hooks/draft-store';
import { useFonts } from '../hooks/use-permissions';
import type { DraftValues } from '../lib/draft';

const optionClass = (selected: boolean) =>
  clsx(
    'relative flex min-h-11 min-w-0 flex-col items-start gap-1 rounded-2xl border bg-white p-3 text-left transition duration-150 sm:p-4',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700',
    selected ? 'border-rose-700 ring-2 ring-rose-700/20' : 'border-ink/15 hover:border-ink/30',
  );

/** The 15 fonts, each previewed in itself with its generic family behind it (spec 001 §9). */
export function FontStep({ values }: { values: DraftValues }) {
  const { t } = useTranslation('personalization');
  const fonts = useFonts();
  // Each preview is drawn in its own web font, as guests will see it.
  useAlbumFonts(fonts.map((font) => font.name));
  return (
    <div
      role="radiogroup"
      aria-label={t('steps.font.title')}
      className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3"
    >
      {fonts.map((font) => {
        const selected = values.fontStyle.toLowerCase() === font.name.toLowerCase();
        return (
          <button
            key={font.id}
            type="button"
            role="radio"
            aria-checked={selected}
            data-testid={`font-option-${font.id}`}
            onClick={() => setTemporary({ fontStyle: font.name })}
            className={optionClass(selected)}
          >
            <span
              className="max-w-full truncate text-base text-ink sm:text-lg"
              style={{ fontFamily: fontFamilyFor(font.name, fonts) }}
            >
              {t('font.sample')}
            </span>
            <span className="text-xs text-ink-soft">
              {font.name} · {t(`font.families.${font.genericFamily}`)}
            </span>
            {selected && <Check aria-hidden className="absolute top-3 right-3 size-4 text-rose-700" />}
          </button>
        );
      })}
    </div>
  );
}

/** Yes or no; leaving both unpressed keeps the feature unchosen. */
export function SinglesStep({ values }: { values: DraftValues }) {
  const { t } = useTranslation('personalization');
  const options = [
    { value: true, id: 'singles-yes', icon: HeartHandshake, label: t('singles.yes'), hint: t('singles.yesHint') },
    { value: false, id: 'singles-no', icon: X, label: t('singles.no'), hint: t('singles.noHint') },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {options.map(({ value, id, icon: Icon, label, hint }) => (
        <button
          key={id}
          type="button"
          data-testid={id}
          aria-pressed={values.singlesFeature === value}
          onClick={() => setTemporary({ singlesFeature: values.singlesFeature === value ? null : value })}
          className={optionClass(values.singlesFeature === value)}
        >
          <Icon aria-hidden className="size-5 text-rose-700" />
          <span className="font-semibold text-ink">{label}</span>
          <span className="text-sm text-ink-soft">{hint}</span>
        </button>
      ))}
    </div>
  );
}
