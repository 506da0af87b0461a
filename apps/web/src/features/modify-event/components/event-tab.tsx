import type { CustomizationField } from '@momentos/contract';
import { clsx } from 'clsx';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClass, LockNote } from './field-controls';
import type { TabProps } from './tab-props';

export function Field({
  field,
  required,
  note,
  children,
}: {
  field: CustomizationField;
  required?: boolean;
  note?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['modify', 'personalization']);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`modify-${field}`} className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
        {t(`personalization:fields.${field}`)}
        {required && (
          <span className="text-rose-700" title={t('event.required')}>
            *<span className="sr-only"> ({t('event.required')})</span>
          </span>
        )}
      </label>
      {children}
      {note}
    </div>
  );
}

// The preview hides itself when the address does not load (spec 001 §2); a new address retries.
function CoverPreview({ url }: { url: string }) {
  const { t } = useTranslation('modify');
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) return null;
  return (
    <img
      data-testid="modify-cover-preview"
      src={url}
      alt={t('event.coverPreviewAlt')}
      onError={() => setFailedUrl(url)}
      className="mt-2 aspect-[16/9] w-full max-w-md rounded-2xl border border-ink/10 object-cover"
    />
  );
}

const text = (value: string | boolean | null) => (typeof value === 'string' ? value : '');

/** Event data: name and date (marked required), location, cover address, description. */
export function EventTab({ form, permissions, set }: TabProps) {
  const { t } = useTranslation('modify');
  const input = (field: CustomizationField, type: string, extra: Record<string, unknown> = {}) => (
    <input
      id={`modify-${field}`}
      data-testid={`modify-${field}`}
      type={type}
      value={text(form[field])}
      onChange={(event) => set(field, event.target.value)}
      className={controlClass}
      {...extra}
    />
  );
  return (
    <div className="grid gap-5">
      <Field field="event_name" required>
        {input('event_name', 'text', { required: true, maxLength: 120, placeholder: t('event.namePlaceholder') })}
      </Field>
      <Field field="event_date" required>
        {input('event_date', 'date', { required: true })}
      </Field>
      <Field field="event_location" note={<LockNote field="event_location" permissions={permissions} />}>
        {input('event_location', 'text', { maxLength: 200, placeholder: t('event.locationPlaceholder') })}
      </Field>
      <Field field="cover_image_url" note={<CoverPreview url={text(form.cover_image_url)} />}>
        {input('cover_image_url', 'url', {
          maxLength: 500,
          placeholder: 'https://…',
          'aria-describedby': 'cover-hint',
        })}
        <p id="cover-hint" className="text-xs text-ink-soft">
          {t('event.coverHint')}
        </p>
      </Field>
      <Field field="event_description">
        <textarea
          id="modify-event_description"
          data-testid="modify-event_description"
          rows={4}
          maxLength={2000}
          value={text(form.event_description)}
          placeholder={t('event.descriptionPlaceholder')}
          onChange={(event) => set('event_description', event.target.value)}
          className={clsx(controlClass, 'resize-y py-3')}
        />
      </Field>
    </div>
  );
}
