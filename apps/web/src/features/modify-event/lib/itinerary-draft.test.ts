import type { ItineraryEntry, ItineraryEntryInput } from '@momentos/contract';
import { describe, expect, it } from 'vitest';
import { draftOf, isDraftDirty, ItinerarySaveError, saveDraft, saveSteps, type FailedSave } from './itinerary-draft';

const entry = (id: string, titulo: string, hora = '18:00:00'): ItineraryEntry =>
  ({ id, icono: 'Church', hora, titulo, descripcion: '', ubicacion: '' }) as ItineraryEntry;
const input = (titulo: string, hora = '20:00'): ItineraryEntryInput => ({
  icono: 'Cake',
  hora,
  titulo,
  descripcion: '',
  ubicacion: '',
});

/** The itinerary API as the server behaves: creates append, reorder needs every id; `failOn` refuses one call. */
function server(initial: ItineraryEntry[], failOn?: (kind: string, title?: string) => boolean) {
  let list = [...initial];
  const calls: string[] = [];
  let next = 0;
  const refuse = (kind: string, title?: string) => {
    if (failOn?.(kind, title)) throw new Error(`${kind} refused`);
  };
  return {
    calls,
    get list() {
      return list;
    },
    api: {
      async create(value: ItineraryEntryInput) {
        refuse('create', value.titulo);
        calls.push(`create ${value.titulo}`);
        const created = { ...entry(`new-id-${(next += 1)}`, value.titulo), ...value, hora: `${value.hora}:00` };
        list = [...list, created as ItineraryEntry];
        return created as ItineraryEntry;
      },
      async update(id: string, value: ItineraryEntryInput) {
        refuse('update', value.titulo);
        calls.push(`update ${id}`);
        list = list.map((item) => (item.id === id ? ({ ...item, ...value } as ItineraryEntry) : item));
        return list.find((item) => item.id === id)!;
      },
      async remove(id: string) {
        refuse('delete', list.find((item) => item.id === id)?.titulo);
        calls.push(`delete ${id}`);
        list = list.filter((item) => item.id !== id);
      },
      async reorder(ids: string[]) {
        refuse('reorder');
        calls.push(`reorder ${ids.join(',')}`);
        expect([...ids].sort()).toEqual(list.map((item) => item.id).sort());
        list = ids.map((id) => list.find((item) => item.id === id)!);
        return list;
      },
    },
  };
}

const saved = [entry('a', 'Ceremonia'), entry('b', 'Cóctel'), entry('c', 'Cena')];

describe('the itinerary draft', () => {
  it('is clean as loaded, and dirty after a delete, an edit, an addition or a move', () => {
    const draft = draftOf(saved);
    expect(isDraftDirty(draft, saved)).toBe(false);
    expect(isDraftDirty([{ ...draft[0]!, removed: true }, draft[1]!, draft[2]!], saved)).toBe(true);
    expect(isDraftDirty([{ ...draft[0]!, input: input('Misa') }, draft[1]!, draft[2]!], saved)).toBe(true);
    expect(isDraftDirty([...draft, { key: 'n', id: null, input: input('Pastel'), removed: false }], saved)).toBe(true);
    expect(isDraftDirty([draft[1]!, draft[0]!, draft[2]!], saved)).toBe(true);
    // Opening an activity and saving it unchanged (the form trims the seconds) changes nothing.
    expect(isDraftDirty([{ ...draft[0]!, input: { ...draft[0]!.input } }, draft[1]!, draft[2]!], saved)).toBe(false);
  });

  it('saves deletes, then edits, then additions, then the order, and ends exactly as the host left it', async () => {
    const api = server(saved);
    const [a, b, c] = draftOf(saved);
    const draft = [
      { key: 'n1', id: null, input: input('Pastel'), removed: false },
      c!,
      { ...b!, removed: true },
      { ...a!, input: { ...a!.input, titulo: 'Misa' } },
    ];
    expect(saveSteps(draft, saved).map((step) => step.kind)).toEqual(['delete', 'update', 'create']);
    const result = await saveDraft(draft, saved, api.api);
    expect(api.calls).toEqual(['delete b', 'update a', 'create Pastel', 'reorder new-id-1,c,a']);
    expect(result.map((item) => item.titulo)).toEqual(['Pastel', 'Cena', 'Misa']);
  });

  it('sends nothing for a new activity deleted before saving, and no reorder when the order already holds', async () => {
    const api = server(saved);
    const draft = [...draftOf(saved), { key: 'n1', id: null, input: input('Pastel'), removed: false }];
    await saveDraft(draft, saved, api.api);
    expect(api.calls).toEqual(['create Pastel']);
  });

  it('on a failure keeps every edit not sent, with what was sent settled, so a retry repeats nothing', async () => {
    let refuse = true;
    const api = server(saved, (kind, title) => refuse && kind === 'delete' && title === 'Cena');
    const [a, b, c] = draftOf(saved);
    const draft = [
      { ...a!, input: { ...a!.input, titulo: 'Misa' } },
      { ...b!, removed: true },
      { ...c!, removed: true },
      { key: 'n1', id: null, input: input('Pastel'), removed: false },
    ];
    const failure = (await saveDraft(draft, saved, api.api).catch((error: unknown) => error)) as FailedSave;
    expect(failure).toBeInstanceOf(ItinerarySaveError);
    expect(failure.failed).toMatchObject({ kind: 'delete', title: 'Cena' });
    // Cóctel went; Cena is still marked, Misa and Pastel still waiting as typed.
    expect(failure.saved.map((item) => item.id)).toEqual(['a', 'c']);
    expect(failure.draft.map((item) => [item.input.titulo, item.removed])).toEqual([
      ['Misa', false],
      ['Cena', true],
      ['Pastel', false],
    ]);

    refuse = false;
    const result = await saveDraft(failure.draft, failure.saved, api.api);
    expect(api.calls).toEqual(['delete b', 'delete c', 'update a', 'create Pastel']);
    expect(result.map((item) => item.titulo)).toEqual(['Misa', 'Pastel']);
  });

  it('keeps a created activity’s id after a later failure, so retrying does not add it twice', async () => {
    let refuse = true;
    const api = server(saved, (kind) => refuse && kind === 'reorder');
    const draft = [{ key: 'n1', id: null, input: input('Pastel'), removed: false }, ...draftOf(saved)];
    const failure = (await saveDraft(draft, saved, api.api).catch((error: unknown) => error)) as FailedSave;
    expect(failure.failed.kind).toBe('reorder');
    expect(failure.draft[0]!.id).toBe('new-id-1');
    refuse = false;
    await saveDraft(failure.draft, failure.saved, api.api);
    expect(api.list.map((item) => item.titulo)).toEqual(['Pastel', 'Ceremonia', 'Cóctel', 'Cena']);
    expect(api.calls.filter((call) => call.startsWith('create'))).toHaveLength(1);
  });
});
