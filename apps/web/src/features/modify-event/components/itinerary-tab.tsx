import { ArrowDown, ArrowUp, Clock, MapPin, Pencil, Plus, Trash2, Undo2 } from 'lucide-react';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ItineraryDraft } from '../hooks/use-itinerary-draft';
import { EMPTY_ENTRY, ItineraryForm } from './itinerary-form';
import { ItineraryIcon } from './itinerary-icons';

type Editing = { mode: 'new' } | { mode: 'edit'; key: string } | null;

/**
 * The fourth tab: the itinerary's activities, edited like the other tabs' fields and sent by
 * "Save changes"; a delete stays on screen, marked and undoable, until then.
 */
export function ItineraryTab({ itinerary, busy }: { itinerary: ItineraryDraft; busy: boolean }) {
  const { t } = useTranslation('modify');
  const { list, draft } = itinerary;
  const [editing, setEditing] = useState<Editing>(null);
  const visible = draft.filter((item) => !item.removed).length;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-soft">{t('itinerary.intro')}</p>
        <Button
          data-testid="itinerary-add"
          onClick={() => setEditing({ mode: 'new' })}
          disabled={busy || editing !== null}
        >
          <Plus aria-hidden className="size-4" />
          {t('itinerary.add')}
        </Button>
      </div>
      {editing?.mode === 'new' && (
        <ItineraryForm
          initial={EMPTY_ENTRY}
          busy={false}
          onSubmit={(input) => {
            itinerary.add(input);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {list.isPending && (
        <div aria-hidden className="h-24 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />
      )}
      {list.isError && <p className="text-sm text-rose-800">{t('itinerary.loadFailed')}</p>}
      {list.isSuccess && visible === 0 && editing === null && (
        <p className="rounded-2xl border border-dashed border-ink/20 p-6 text-center text-sm text-ink-soft">
          {t('itinerary.empty')}
        </p>
      )}
      <ol className="grid gap-3">
        {draft.map(({ key, id, input: entry, removed }, index) =>
          editing?.mode === 'edit' && editing.key === key ? (
            <li key={key}>
              <ItineraryForm
                initial={entry}
                busy={false}
                onSubmit={(input) => {
                  itinerary.edit(key, input);
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li
              key={key}
              data-testid="itinerary-entry"
              data-pending={removed ? 'delete' : id ? undefined : 'new'}
              className={clsx(
                'flex gap-3 rounded-2xl border p-4',
                removed ? 'border-dashed border-rose-300 bg-rose-50/60' : 'border-ink/10 bg-white',
              )}
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-full bg-rose-50 text-rose-700">
                <ItineraryIcon name={entry.icono} className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                {(removed || !id) && (
                  <p
                    data-testid="itinerary-pending"
                    className={clsx(
                      'mb-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
                      removed ? 'bg-rose-100 text-rose-800' : 'bg-gold-100 text-gold-800',
                    )}
                  >
                    {removed ? t('itinerary.pendingDelete') : t('itinerary.pendingNew')}
                  </p>
                )}
                <p className="flex items-center gap-1.5 text-xs font-semibold text-gold-800">
                  <Clock aria-hidden className="size-3.5" />
                  {entry.hora.slice(0, 5)}
                </p>
                <p
                  data-testid="itinerary-entry-title"
                  className={clsx('font-semibold break-words text-ink', removed && 'line-through')}
                >
                  {entry.titulo}
                </p>
                {entry.descripcion && <p className="mt-0.5 text-sm break-words text-ink-soft">{entry.descripcion}</p>}
                {entry.ubicacion && (
                  <p className="mt-1 flex items-center gap-1 text-sm text-ink-soft">
                    <MapPin aria-hidden className="size-3.5 shrink-0" />
                    <span className="break-words">{entry.ubicacion}</span>
                  </p>
                )}
                <div className={clsx('mt-2 -ml-2 flex flex-wrap', removed && 'hidden')}>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('itinerary.moveUp')}
                    title={t('itinerary.moveUp')}
                    data-testid="itinerary-up"
                    disabled={busy || index === 0}
                    onClick={() => itinerary.move(index, -1)}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('itinerary.moveDown')}
                    title={t('itinerary.moveDown')}
                    data-testid="itinerary-down"
                    disabled={busy || index === draft.length - 1}
                    onClick={() => itinerary.move(index, 1)}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('itinerary.edit')}
                    title={t('itinerary.edit')}
                    data-testid="itinerary-edit"
                    disabled={busy || editing !== null}
                    onClick={() => setEditing({ mode: 'edit', key })}
                  >
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('itinerary.delete')}
                    title={t('itinerary.delete')}
                    data-testid="itinerary-delete"
                    disabled={busy}
                    onClick={() => itinerary.toggleRemoved(key)}
                  >
                    <Trash2 aria-hidden className="size-4 text-rose-700" />
                  </Button>
                </div>
                {removed && (
                  <Button
                    variant="secondary"
                    data-testid="itinerary-undo"
                    className="mt-2"
                    disabled={busy}
                    onClick={() => itinerary.toggleRemoved(key)}
                  >
                    <Undo2 aria-hidden className="size-4" />
                    {t('itinerary.undoDelete')}
                  </Button>
                )}
              </div>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
