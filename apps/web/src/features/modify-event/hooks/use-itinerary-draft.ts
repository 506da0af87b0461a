import type { ItineraryEntry, ItineraryEntryInput } from '@momentos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  createEntry,
  deleteEntry,
  fetchItinerary,
  itineraryKey,
  moveEntry,
  reorderEntries,
  updateEntry,
} from '../api/itinerary-api';
import { draftOf, isDraftDirty, saveDraft, type DraftEntry, type FailedSave } from '../lib/itinerary-draft';

/**
 * The itinerary tab's edits, held by the editor (tabs unmount when hidden) until "Save changes"
 * sends them with the rest of the screen; leaving without saving drops them, like the other tabs.
 */
export function useItineraryDraft(customizationId: string) {
  const queryClient = useQueryClient();
  const key = itineraryKey(customizationId);
  const list = useQuery({ queryKey: key, queryFn: () => fetchItinerary(customizationId) });
  const saved = list.data ?? [];
  // null: no edits yet, the server's list is shown as it is.
  const [edited, setEdited] = useState<DraftEntry[] | null>(null);
  const draft = edited ?? draftOf(saved);
  const counter = useRef(0);
  const change = (next: (current: DraftEntry[]) => DraftEntry[]) =>
    setEdited((current) => next(current ?? draftOf(queryClient.getQueryData<ItineraryEntry[]>(key) ?? [])));

  return {
    list,
    draft,
    dirty: isDraftDirty(draft, saved),
    add: (input: ItineraryEntryInput) =>
      change((current) => [...current, { key: `new-${(counter.current += 1)}`, id: null, input, removed: false }]),
    edit: (key: string, input: ItineraryEntryInput) =>
      change((current) => current.map((item) => (item.key === key ? { ...item, input } : item))),
    /** A new activity simply goes; a saved one is marked, and the mark undone by the same call. */
    toggleRemoved: (key: string) =>
      change((current) =>
        current.flatMap((item) => (item.key !== key ? [item] : item.id ? [{ ...item, removed: !item.removed }] : [])),
      ),
    move: (index: number, direction: -1 | 1) => change((current) => moveEntry(current, index, direction)),
    /** Sends the edits; a failure keeps every edit not yet sent and rethrows the FailedSave. */
    async save() {
      if (!isDraftDirty(draft, saved)) return;
      try {
        const result = await saveDraft(draft, saved, {
          create: (input) => createEntry(customizationId, input),
          update: (entryId, input) => updateEntry(customizationId, entryId, input),
          remove: (entryId) => deleteEntry(customizationId, entryId),
          reorder: (ids) => reorderEntries(customizationId, ids),
        });
        queryClient.setQueryData(key, result);
        setEdited(null);
      } catch (error) {
        const failed = error as FailedSave;
        if (failed.saved) queryClient.setQueryData(key, failed.saved);
        if (failed.draft) setEdited(failed.draft);
        throw error;
      }
    },
  };
}

export type ItineraryDraft = ReturnType<typeof useItineraryDraft>;
