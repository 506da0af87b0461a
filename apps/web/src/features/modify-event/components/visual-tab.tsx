import { FONT_HEIGHT_MAX, FONT_HEIGHT_MIN } from '@momentos/contract/constants';
import { musicAddressProblem } from '@momentos/contract/page-addresses';
import { clsx } from 'clsx';
import { Music } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isFieldAllowed, useFonts } from '@/features/personalization';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import { fontFamilyFor } from '@/lib/album-fonts/font-families';
import { isFontHeightValid } from '../lib/modify-form';
import { controlClass, Field, LockNote, ToggleRow } from './field-controls';
import type { TabProps } from './tab-props';

const text = (value: string | boolean | null) => (typeof value === 'string' ? value : '');

/** Visual: font, size 8–72 px, music address with its autoplay note, notifications. */
export function VisualTab({ form, permissions, set }: TabProps) {
  const { t } = useTranslation(['modify', 'personalization']);
  const fonts = useFonts();
  const fontType = text(form.font_type);
  useAlbumFont(fontType);
  const sizeOk = isFontHeightValid(form.font_height);
  const musicProblem = musicAddressProblem(text(form.music_url)) !== null;
  const note = (field: 'font_type' | 'font_height' | 'music_url') => (
    <LockNote field={field} permissions={permissions} />
  );
  return (
    <div className="grid gap-5">
      <Field field="font_type" note={note('font_type')}>
        <select
          id="modify-font_type"
          data-testid="modify-font_type"
          value={fontType}
          disabled={!isFieldAllowed('font_type', permissions)}
          onChange={(event) => set('font_type', event.target.value)}
          className={controlClass}
        >
          {fonts.map((font) => (
            <option key={font.id} value={font.name}>
              {font.name}
            </option>
          ))}
        </select>
        <p
          className="rounded-xl bg-paper-deep px-4 py-3 text-ink"
          style={{
            fontFamily: fontFamilyFor(fontType, fonts),
            fontSize: sizeOk ? `${Number(form.font_height)}px` : undefined,
          }}
        >
          {t('visual.sample')}
        </p>
      </Field>
      <Field field="font_height" note={note('font_height')}>
        <input
          id="modify-font_height"
          data-testid="modify-font_height"
          type="number"
          inputMode="numeric"
          min={FONT_HEIGHT_MIN}
          max={FONT_HEIGHT_MAX}
          step={1}
          value={text(form.font_height)}
          disabled={!isFieldAllowed('font_height', permissions)}
          aria-invalid={!sizeOk}
          aria-describedby="font-height-hint"
          onChange={(event) => set('font_height', event.target.value)}
          className={controlClass}
        />
        <p id="font-height-hint" className={sizeOk ? 'text-xs text-ink-soft' : 'text-xs font-medium text-rose-800'}>
          {sizeOk ? t('visual.fontSizeHint') : t('visual.fontSizeInvalid')}
        </p>
      </Field>
      <Field field="music_url" note={note('music_url')}>
        <input
          id="modify-music_url"
          data-testid="modify-music_url"
          type="url"
          maxLength={500}
          placeholder="https://…"
          value={text(form.music_url)}
          disabled={!isFieldAllowed('music_url', permissions)}
          aria-invalid={musicProblem || undefined}
          aria-describedby="music-note"
          onChange={(event) => set('music_url', event.target.value)}
          className={clsx(controlClass, musicProblem && 'border-rose-700')}
        />
        <p
          id="music-note"
          data-testid={musicProblem ? 'address-problem' : undefined}
          aria-live="polite"
          className={clsx(
            'flex items-start gap-1.5',
            musicProblem ? 'text-sm font-medium text-rose-800' : 'text-xs text-ink-soft',
          )}
        >
          <Music aria-hidden className="mt-px size-3.5 shrink-0" />
          {musicProblem ? t('personalization:addresses.music') : t('visual.musicNote')}
        </p>
      </Field>
      <ToggleRow
        field="enable_notices"
        checked={form.enable_notices === true}
        hint={t('visual.noticesHint')}
        permissions={permissions}
        onChange={(value) => set('enable_notices', value)}
      />
    </div>
  );
}
