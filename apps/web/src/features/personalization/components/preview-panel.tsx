import { CalendarDays, Heart, ImageIcon, MapPin, Music, Type } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import { fontFamilyFor } from '@/lib/album-fonts/font-families';
import { markShown } from '../hooks/draft-store';
import { useFonts } from '../hooks/use-permissions';
import type { DraftValues } from '../lib/draft';
import { formatLongDate } from '../lib/format';
import { usePrefersReducedMotion } from '../lib/motion';
import { RevealText } from './reveal-text';

// Spec 001 §9: description, date and location start revealing 0.5 s, 0.75 s and 1.5 s in.
const DELAYS = { eventDescription: 0.5, eventDate: 0.75, eventLocation: 1.5 } as const;

export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 text-rose-700">{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</p>
        <p className="mt-0.5 break-words text-ink">{children}</p>
      </div>
    </div>
  );
}

/**
 * The live album card (spec 001 §2): confirmed values only, the name in the chosen font, and
 * description, date and location revealed word by word the first time each appears.
 */
export function PreviewPanel({
  values,
  shown,
  coverFile,
  className,
}: {
  values: DraftValues;
  shown: string[];
  coverFile: File | null;
  className?: string;
}) {
  const { t, i18n } = useTranslation('personalization');
  const reduced = usePrefersReducedMotion();
  const fonts = useFonts();
  useAlbumFont(values.fontStyle);
  const coverUrl = useObjectUrl(coverFile) ?? (values.coverImageUrl || null);
  const date = formatLongDate(values.eventDate, i18n.language);
  const isNew = (field: keyof DraftValues) => !reduced && !!values[field] && !shown.includes(field);

  useEffect(() => {
    for (const field of ['eventName', 'eventDescription', 'eventDate', 'eventLocation'] as const) {
      if (values[field]) markShown(field);
    }
  }, [values]);

  const singles =
    values.singlesFeature === null
      ? t('preview.singlesUnset')
      : values.singlesFeature
        ? t('preview.singlesOn')
        : t('preview.singlesOff');

  return (
    <div data-testid="wizard-preview" className={className}>
      <p className="mb-3 text-xs font-semibold tracking-[0.14em] text-gold-800 uppercase">{t('preview.title')}</p>
      <div className="overflow-hidden rounded-3xl border border-ink/10 bg-white shadow-soft">
        <div className="relative aspect-[16/9] bg-gradient-to-br from-rose-100 via-paper-deep to-gold-100">
          {coverUrl ? (
            <img src={coverUrl} alt={t('cover.previewAlt')} className="size-full object-cover" />
          ) : (
            <div className="grid size-full place-items-center text-ink-soft/70">
              <ImageIcon aria-hidden className="size-10" strokeWidth={1.5} />
              <span className="sr-only">{t('preview.noCover')}</span>
            </div>
          )}
        </div>
        <div className="space-y-3 p-5">
          <h2 className="text-2xl break-words text-ink" style={{ fontFamily: fontFamilyFor(values.fontStyle, fonts) }}>
            {values.eventName ? (
              <RevealText key={values.eventName} text={values.eventName} animate={isNew('eventName')} by="char" />
            ) : (
              <span className="text-ink-soft/70">{t('preview.namePlaceholder')}</span>
            )}
          </h2>
          {values.eventDescription && (
            <p className="whitespace-pre-line text-sm text-ink-soft">
              <RevealText
                key={values.eventDescription}
                text={values.eventDescription}
                animate={isNew('eventDescription')}
                delayS={DELAYS.eventDescription}
              />
            </p>
          )}
          {date && (
            <Row icon={<CalendarDays aria-hidden className="size-4" />} label={t('fields.event_date')}>
              <RevealText key={date} text={date} animate={isNew('eventDate')} delayS={DELAYS.eventDate} />
            </Row>
          )}
          {values.eventLocation && (
            <Row icon={<MapPin aria-hidden className="size-4" />} label={t('fields.event_location')}>
              <RevealText
                key={values.eventLocation}
                text={values.eventLocation}
                animate={isNew('eventLocation')}
                delayS={DELAYS.eventLocation}
              />
            </Row>
          )}
          <div className="grid grid-cols-2 gap-3 border-t border-ink/10 pt-3 [&>*:last-child]:col-span-2">
            <Row icon={<Type aria-hidden className="size-4" />} label={t('preview.font')}>
              {values.fontStyle || t('preview.empty')}
            </Row>
            <Row icon={<Music aria-hidden className="size-4" />} label={t('preview.music')}>
              {values.musicStyle || t('preview.empty')}
            </Row>
            <Row icon={<Heart aria-hidden className="size-4" />} label={t('preview.singles')}>
              {singles}
            </Row>
          </div>
        </div>
      </div>
    </div>
  );
}
