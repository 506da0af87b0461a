import { useSyncExternalStore } from 'react';
import { EMPTY_DRAFT, type Draft, type DraftValues } from '../lib/draft';

/** sessionStorage key: the draft lives as long as the tab, so a reload keeps it (spec 001 §3). */
export const DRAFT_STORAGE_KEY = 'momentos.personalizationDraft';

let draft: Draft | null = null;
// The chosen cover file cannot be serialized; it stays in memory until it is uploaded.
let coverFile: File | null = null;
const listeners = new Set<() => void>();

function load(): Draft {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return EMPTY_DRAFT;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    return {
      ...EMPTY_DRAFT,
      ...parsed,
      confirmed: { ...EMPTY_DRAFT.confirmed, ...parsed.confirmed },
      temporary: { ...EMPTY_DRAFT.temporary, ...parsed.temporary },
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

function persist(next: Draft) {
  try {
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode: the draft still works for this page view.
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getDraft(): Draft {
  draft ??= load();
  return draft;
}

export function updateDraft(change: (current: Draft) => Draft): void {
  draft = change(getDraft());
  persist(draft);
  emit();
}

/** Edits the temporary copy (what the inputs show). */
export function setTemporary(values: Partial<DraftValues>): void {
  updateDraft((d) => ({ ...d, temporary: { ...d.temporary, ...values } }));
}

/** Spec 001 §3: confirming copies the temporary values into the confirmed ones. */
export function confirmDraft(): void {
  updateDraft((d) => ({ ...d, confirmed: { ...d.temporary } }));
}

export function markShown(field: string): void {
  if (getDraft().shown.includes(field)) return;
  updateDraft((d) => ({ ...d, shown: [...d.shown, field] }));
}

/** Starts over for another order (or after finalizing). */
export function resetDraft(start: Partial<Draft> = {}): void {
  coverFile = null;
  draft = { ...EMPTY_DRAFT, ...start };
  persist(draft);
  emit();
}

export function getCoverFile(): File | null {
  return coverFile;
}

export function setCoverFile(file: File | null): void {
  coverFile = file;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDraft(): Draft {
  return useSyncExternalStore(subscribe, getDraft, getDraft);
}

export function useCoverFile(): File | null {
  return useSyncExternalStore(subscribe, getCoverFile, getCoverFile);
}

/** For tests: drop the in-memory copy so the next read comes from storage. */
export function forgetDraftForTests(): void {
  draft = null;
  coverFile = null;
}
