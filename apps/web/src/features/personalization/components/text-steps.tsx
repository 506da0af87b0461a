import { musicAddressProblem } from '@momentos/contract/page-addresses';
import { clsx } from 'clsx';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setTemporary } from '../hooks/draft-store';
import type { DraftValues } from '../lib/draft';

export const inputClass = clsx(
  'min-h-12 w-full rounded-xl border border-ink/20 bg-white px-4 text-base text-ink shadow-inner-soft',
  'placeholder:text-ink-soft/70 transition duration-150',
  'focus:border-rose-700 focus:ring-4 focus:ring-rose-700/15 focus:outline-none',
);

type TextKey = 'eventName' | 'eventLocation' | 'musicStyle' | 'eventDate';

const CONFIG: Record<TextKey, { step: string; type: string; maxLength?: number; autoComplete?: string }> = {
  eventName: { step: 'name', type: 'text', maxLength: 120 },
  eventLocation: { step: 'location', type: 'text', maxLength: 200, autoComplete: 'street-address' },
  musicStyle: { step: 'music', type: 'text', maxLength: 500 },
  eventDate: { step: 'date', type: 'date' },
};

/** One-line inputs of the wizard; Enter advances when the step is valid (spec 001 §2). */
export function TextStepInput({
  field,
  values,
  onSubmit,
}: {
  field: TextKey;
  values: DraftValues;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('personalization');
  const config = CONFIG[field];
  const addressProblem = field === 'musicStyle' ? musicAddressProblem(values[field]) : null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <div>
      <label htmlFor="wizard-input" className="sr-only">
        {t(`steps.${config.step}.title`)}
      </label>
      <input
        id="wizard-input"
        data-testid="wizard-input"
        type={config.type}
        autoFocus
        maxLength={config.maxLength}
        autoComplete={config.autoComplete ?? 'off'}
        placeholder={config.type === 'date' ? undefined : t(`steps.${config.step}.placeholder`)}
        value={values[field]}
        onChange={(event) => setTemporary({ [field]: event.target.value })}
        onKeyDown={onKeyDown}
        aria-invalid={addressProblem ? true : undefined}
        aria-describedby={addressProblem ? 'wizard-input-problem' : undefined}
        className={clsx(inputClass, 'text-lg', addressProblem && 'border-rose-700')}
      />
      {addressProblem && (
        <p id="wizard-input-problem" data-testid="address-problem" className="mt-2 text-sm font-medium text-rose-800">
          {t('addresses.music')}
        </p>
      )}
    </div>
  );
}

/** The description: 3 rows, Shift+Enter for a new line, Enter alone advances. */
export function DescriptionInput({ values, onSubmit }: { values: DraftValues; onSubmit: () => void }) {
  const { t } = useTranslation('personalization');
  return (
    <div>
      <label htmlFor="wizard-input" className="sr-only">
        {t('steps.description.title')}
      </label>
      <textarea
        id="wizard-input"
        data-testid="wizard-input"
        rows={3}
        autoFocus
        maxLength={2000}
        aria-describedby="wizard-input-hint"
        placeholder={t('steps.description.placeholder')}
        value={values.eventDescription}
        onChange={(event) => setTemporary({ eventDescription: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            onSubmit();
          }
        }}
        className={clsx(inputClass, 'resize-y py-3')}
      />
      <p id="wizard-input-hint" className="mt-2 text-xs text-ink-soft max-md:hidden">
        {t('steps.description.hint')}
      </p>
    </div>
  );
}
