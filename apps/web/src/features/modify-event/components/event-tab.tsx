import type { CustomizationField } from '@momentos/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { CoverField } from './cover-field';
import { controlClass, Field, LockNote } from './field-controls';
import type { TabProps } from './tab-props';

const text = (value: string | boolean | null) => (typeof value === 'string' ? value : '');

/** Event data: name and date (marked required), location, cover (address or upload), description. */
export function EventTab({ form, permissions, set, onUploading }: TabProps & { onUploading: (busy: boolean) => void }) {
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
      <CoverField value={text(form.cover_image_url)} set={set} onUploading={onUploading} />
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
