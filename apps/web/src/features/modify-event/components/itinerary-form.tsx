import { ITINERARY_ICONS, type ItineraryEntryInput } from '@momentos/contract';
import { clsx } from 'clsx';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { controlClass } from './field-controls';
import { isItineraryIcon, ItineraryIcon } from './itinerary-icons';

export const EMPTY_ENTRY: ItineraryEntryInput = {
  icono: 'Church',
  hora: '',
  titulo: '',
  descripcion: '',
  ubicacion: '',
};
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Adds or edits one entry: icon from the spec's list, HH:MM time, title, description, place. */
export function ItineraryForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: ItineraryEntryInput;
  busy: boolean;
  onSubmit: (input: ItineraryEntryInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('modify');
  const [entry, setEntry] = useState<ItineraryEntryInput>({ ...initial, hora: initial.hora.slice(0, 5) });
  const [touched, setTouched] = useState(false);
  const timeOk = TIME.test(entry.hora);
  const titleOk = entry.titulo.trim() !== '';
  const set = (patch: Partial<ItineraryEntryInput>) => setEntry((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (timeOk && titleOk) onSubmit(entry);
  }

  return (
    <form
      data-testid="itinerary-form"
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-2xl border border-rose-700/30 bg-white p-4 shadow-soft sm:p-5"
    >
      <fieldset>
        <legend className="text-sm font-medium text-ink">{t('itinerary.icon')}</legend>
        <div role="radiogroup" className="mt-2 grid grid-cols-5 gap-2 sm:grid-cols-10">
          {ITINERARY_ICONS.map((name) => (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={entry.icono === name}
              aria-label={t(`itinerary.icons.${name}`)}
              title={t(`itinerary.icons.${name}`)}
              data-testid={`itinerary-icon-${name}`}
              onClick={() => isItineraryIcon(name) && set({ icono: name })}
              className={clsx(
                'grid size-11 place-items-center rounded-xl border transition-colors',
                entry.icono === name
                  ? 'border-rose-700 bg-rose-50 text-rose-700'
                  : 'border-ink/15 text-ink-soft hover:border-ink/30',
              )}
            >
              <ItineraryIcon name={name} className="size-5" />
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          {t('itinerary.time')}
          <input
            data-testid="itinerary-time"
            type="time"
            value={entry.hora}
            onChange={(e) => set({ hora: e.target.value.slice(0, 5) })}
            aria-invalid={touched && !timeOk}
            className={controlClass}
          />
          {touched && !timeOk && <span className="text-xs text-rose-800">{t('itinerary.timeInvalid')}</span>}
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          {t('itinerary.titleLabel')}
          <input
            data-testid="itinerary-title"
            value={entry.titulo}
            maxLength={120}
            onChange={(e) => set({ titulo: e.target.value })}
            aria-invalid={touched && !titleOk}
            className={controlClass}
          />
          {touched && !titleOk && <span className="text-xs text-rose-800">{t('itinerary.titleRequired')}</span>}
        </label>
      </div>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        {t('itinerary.location')}
        <input
          data-testid="itinerary-location"
          value={entry.ubicacion ?? ''}
          maxLength={200}
          onChange={(e) => set({ ubicacion: e.target.value })}
          className={controlClass}
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        {t('itinerary.description')}
        <textarea
          data-testid="itinerary-description"
          rows={2}
          value={entry.descripcion ?? ''}
          maxLength={1000}
          onChange={(e) => set({ descripcion: e.target.value })}
          className={clsx(controlClass, 'py-3')}
        />
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('itinerary.cancel')}
        </Button>
        <Button type="submit" data-testid="itinerary-save" disabled={busy}>
          {busy && <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />}
          {t('itinerary.saveEntry')}
        </Button>
      </div>
    </form>
  );
}
