import type { ItineraryEntry, ItineraryEntryInput } from '@momentos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Clock, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import {
  createEntry,
  deleteEntry,
  fetchItinerary,
  itineraryKey,
  moveEntry,
  reorderEntries,
  updateEntry,
} from '../api/itinerary-api';
import { EMPTY_ENTRY, ItineraryForm } from './itinerary-form';
import { isItineraryIcon, ItineraryIcon } from './itinerary-icons';

type Editing = { mode: 'new' } | { mode: 'edit'; entry: ItineraryEntry } | null;

function toInput(entry: ItineraryEntry): ItineraryEntryInput {
  return {
    icono: isItineraryIcon(entry.icono) ? entry.icono : 'CircleDot',
    hora: entry.hora,
    titulo: entry.titulo,
    descripcion: entry.descripcion,
    ubicacion: entry.ubicacion,
  };
}

/** The fourth tab: itinerary entries, each change saved at once through the itinerary API. */
export function ItineraryTab({ customizationId }: { customizationId: string }) {
  const { t } = useTranslation('modify');
  const queryClient = useQueryClient();
  const key = itineraryKey(customizationId);
  const list = useQuery({ queryKey: key, queryFn: () => fetchItinerary(customizationId) });
  const [editing, setEditing] = useState<Editing>(null);
  const entries = list.data ?? [];
  const setList = (next: ItineraryEntry[]) => queryClient.setQueryData(key, next);
  const fail = (title: string) => (error: unknown) => {
    console.error('itinerary:', error);
    toast({ variant: 'destructive', title });
  };

  const saveEntry = useMutation({
    mutationFn: (input: ItineraryEntryInput) =>
      editing?.mode === 'edit'
        ? updateEntry(customizationId, editing.entry.id, input)
        : createEntry(customizationId, input),
    onSuccess: (saved) => {
      const exists = entries.some((entry) => entry.id === saved.id);
      setList(exists ? entries.map((entry) => (entry.id === saved.id ? saved : entry)) : [...entries, saved]);
      setEditing(null);
    },
    onError: fail(t('itinerary.saveFailed')),
  });
  const remove = useMutation({
    mutationFn: (entryId: string) => deleteEntry(customizationId, entryId),
    onSuccess: (_, entryId) => setList(entries.filter((entry) => entry.id !== entryId)),
    onError: fail(t('itinerary.deleteFailed')),
  });
  // The new order shows at once; the server's answer (or a reload on failure) settles it.
  const reorder = useMutation({
    mutationFn: (next: ItineraryEntry[]) => {
      setList(next);
      return reorderEntries(
        customizationId,
        next.map((entry) => entry.id),
      );
    },
    onSuccess: (saved) => setList(saved),
    onError: (error) => {
      fail(t('itinerary.reorderFailed'))(error);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const busy = saveEntry.isPending || remove.isPending || reorder.isPending;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-soft">{t('itinerary.intro')}</p>
        <Button data-testid="itinerary-add" onClick={() => setEditing({ mode: 'new' })} disabled={editing !== null}>
          <Plus aria-hidden className="size-4" />
          {t('itinerary.add')}
        </Button>
      </div>
      {editing?.mode === 'new' && (
        <ItineraryForm
          initial={EMPTY_ENTRY}
          busy={saveEntry.isPending}
          onSubmit={(input) => saveEntry.mutate(input)}
          onCancel={() => setEditing(null)}
        />
      )}
      {list.isPending && (
        <div aria-hidden className="h-24 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />
      )}
      {list.isError && <p className="text-sm text-rose-800">{t('itinerary.loadFailed')}</p>}
      {list.isSuccess && entries.length === 0 && editing === null && (
        <p className="rounded-2xl border border-dashed border-ink/20 p-6 text-center text-sm text-ink-soft">
          {t('itinerary.empty')}
        </p>
      )}
      <ol className="grid gap-3">
        {entries.map((entry, index) =>
          editing?.mode === 'edit' && editing.entry.id === entry.id ? (
            <li key={entry.id}>
              <ItineraryForm
                initial={toInput(entry)}
                busy={saveEntry.isPending}
                onSubmit={(input) => saveEntry.mutate(input)}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li
              key={entry.id}
              data-testid="itinerary-entry"
              className="flex gap-3 rounded-2xl border border-ink/10 bg-white p-4"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-full bg-rose-50 text-rose-700">
                <ItineraryIcon name={entry.icono} className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-1.5 text-xs font-semibold text-gold-800">
                  <Clock aria-hidden className="size-3.5" />
                  {entry.hora.slice(0, 5)}
                </p>
                <p className="font-semibold break-words text-ink">{entry.titulo}</p>
                {entry.descripcion && <p className="mt-0.5 text-sm break-words text-ink-soft">{entry.descripcion}</p>}
                {entry.ubicacion && (
                  <p className="mt-1 flex items-center gap-1 text-sm text-ink-soft">
                    <MapPin aria-hidden className="size-3.5 shrink-0" />
                    <span className="break-words">{entry.ubicacion}</span>
                  </p>
                )}
                <div className="mt-2 -ml-2 flex flex-wrap">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('itinerary.moveUp')}
                    title={t('itinerary.moveUp')}
                    data-testid="itinerary-up"
                    disabled={busy || index === 0}
                    onClick={() => reorder.mutate(moveEntry(entries, index, -1))}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('itinerary.moveDown')}
                    title={t('itinerary.moveDown')}
                    data-testid="itinerary-down"
                    disabled={busy || index === entries.length - 1}
                    onClick={() => reorder.mutate(moveEntry(entries, index, 1))}
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
                    onClick={() => setEditing({ mode: 'edit', entry })}
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
                    onClick={() => remove.mutate(entry.id)}
                  >
                    <Trash2 aria-hidden className="size-4 text-rose-700" />
                  </Button>
                </div>
              </div>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
