import type { ItineraryEntry, ItineraryEntryInput } from '@momentos/contract';
import { isItineraryIcon } from '../components/itinerary-icons';

/**
 * The itinerary as the host is editing it, saved with the rest of the screen by "Save changes":
 * `id` is the server's (null until created), `removed` marks a delete still pending (undoable).
 */
export interface DraftEntry {
  key: string;
  id: string | null;
  input: ItineraryEntryInput;
  removed: boolean;
}

/** One call of a save, in the order they run; `title` names the activity in a failure message. */
export type SaveStep =
  | { kind: 'delete'; key: string; id: string; title: string }
  | { kind: 'update'; key: string; id: string; input: ItineraryEntryInput; title: string }
  | { kind: 'create'; key: string; input: ItineraryEntryInput; title: string };

export interface ItineraryCalls {
  create(input: ItineraryEntryInput): Promise<ItineraryEntry>;
  update(entryId: string, input: ItineraryEntryInput): Promise<ItineraryEntry>;
  remove(entryId: string): Promise<void>;
  reorder(ids: string[]): Promise<ItineraryEntry[]>;
}

/** Which call failed: a step, or the final reorder. */
export class ItinerarySaveError extends Error {
  constructor(
    readonly failed: SaveStep | { kind: 'reorder' },
    override readonly cause: unknown,
  ) {
    super(`itinerary ${failed.kind} failed`);
  }
}

export function entryInput(entry: ItineraryEntry): ItineraryEntryInput {
  return {
    icono: isItineraryIcon(entry.icono) ? entry.icono : 'CircleDot',
    hora: entry.hora.slice(0, 5),
    titulo: entry.titulo,
    descripcion: entry.descripcion,
    ubicacion: entry.ubicacion,
  };
}

export const draftOf = (entries: readonly ItineraryEntry[]): DraftEntry[] =>
  entries.map((entry) => ({ key: entry.id, id: entry.id, input: entryInput(entry), removed: false }));

const sameInput = (a: ItineraryEntryInput, b: ItineraryEntryInput) =>
  (Object.keys(a) as (keyof ItineraryEntryInput)[]).every((field) => a[field] === b[field]);

/** Deletes first, then edits, then new activities; the order is settled by one reorder after them. */
export function saveSteps(draft: readonly DraftEntry[], saved: readonly ItineraryEntry[]): SaveStep[] {
  const byId = new Map(saved.map((entry) => [entry.id, entry]));
  const steps: SaveStep[] = [];
  for (const item of draft)
    if (item.removed && item.id) steps.push({ kind: 'delete', key: item.key, id: item.id, title: item.input.titulo });
  for (const item of draft) {
    const before = item.id ? byId.get(item.id) : undefined;
    if (!item.removed && item.id && before && !sameInput(item.input, entryInput(before)))
      steps.push({ kind: 'update', key: item.key, id: item.id, input: item.input, title: item.input.titulo });
  }
  for (const item of draft)
    if (!item.removed && !item.id)
      steps.push({ kind: 'create', key: item.key, input: item.input, title: item.input.titulo });
  return steps;
}

/** True when the draft differs from what the server holds: something to save, or to lose by leaving. */
export function isDraftDirty(draft: readonly DraftEntry[], saved: readonly ItineraryEntry[]): boolean {
  const kept = draft.filter((item) => !item.removed).map((item) => item.id);
  return saveSteps(draft, saved).length > 0 || kept.join() !== saved.map((entry) => entry.id).join();
}

/**
 * Runs a save's calls in order. On a failure the draft comes back with what did reach the server
 * (created activities carry their ids, deleted ones are gone) and everything else as the host left
 * it, so trying again neither repeats nor loses anything.
 */
export async function saveDraft(
  draft: readonly DraftEntry[],
  saved: readonly ItineraryEntry[],
  calls: ItineraryCalls,
): Promise<ItineraryEntry[]> {
  let current = [...draft];
  let server = [...saved];
  const fail = (failed: SaveStep | { kind: 'reorder' }, cause: unknown) =>
    Object.assign(new ItinerarySaveError(failed, cause), { draft: current, saved: server });
  for (const step of saveSteps(draft, saved)) {
    try {
      if (step.kind === 'delete') {
        await calls.remove(step.id);
        current = current.filter((item) => item.key !== step.key);
        server = server.filter((entry) => entry.id !== step.id);
      } else if (step.kind === 'update') {
        const updated = await calls.update(step.id, step.input);
        server = server.map((entry) => (entry.id === updated.id ? updated : entry));
      } else {
        const created = await calls.create(step.input);
        current = current.map((item) => (item.key === step.key ? { ...item, id: created.id } : item));
        server = [...server, created];
      }
    } catch (error) {
      throw fail(step, error);
    }
  }
  const wanted = current.filter((item) => !item.removed).map((item) => item.id!);
  if (wanted.join() === server.map((entry) => entry.id).join()) return server;
  try {
    return await calls.reorder(wanted);
  } catch (error) {
    throw fail({ kind: 'reorder' }, error);
  }
}

/** What a failed save leaves: the draft and the server's list as far as the save got. */
export type FailedSave = ItinerarySaveError & { draft: DraftEntry[]; saved: ItineraryEntry[] };
