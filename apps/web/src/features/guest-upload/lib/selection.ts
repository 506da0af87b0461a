import { declaredUploadKind, maxBytesFor, type UploadKind } from '@momentos/contract/upload-policy';

/** waiting → uploading → done | pending (the host reviews it first) | failed (may be retried). */
export type FileStatus = 'waiting' | 'uploading' | 'done' | 'pending' | 'failed';

export interface SelectedFile {
  id: string;
  file: File;
  kind: UploadKind;
  previewUrl: string;
  status: FileStatus;
  /** Share of this file's bytes sent, 0 to 1. */
  progress: number;
  error?: string;
}

export interface RejectedFile {
  name: string;
  reason: 'type' | 'size';
  size: number;
  kind?: UploadKind;
}

/**
 * The kind a picked file is sent as, or null when the server would refuse its type (the contract's
 * list, not all of image/*: a TIFF or an AVIF is refused here, before any byte is sent) or the plan
 * takes no videos. The browser's description of a file is only a hint; the server reads the bytes.
 */
function sendableKindOf(file: File, videosAllowed: boolean): UploadKind | null {
  const kind = declaredUploadKind(file.type, file.name);
  if (kind === 'photo' || (kind === 'video' && videosAllowed)) return kind;
  return null;
}

/** Splits a pick into files we can send and files refused before any upload (wrong type, too big). */
export function partitionFiles(files: readonly File[], videosAllowed: boolean) {
  const accepted: { file: File; kind: UploadKind }[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    const kind = sendableKindOf(file, videosAllowed);
    if (!kind) rejected.push({ name: file.name, reason: 'type', size: file.size });
    else if (file.size > maxBytesFor(kind)) rejected.push({ name: file.name, reason: 'size', size: file.size, kind });
    else accepted.push({ file, kind });
  }
  return { accepted, rejected };
}

export const isSent = (item: SelectedFile) => item.status === 'done' || item.status === 'pending';

/** Spec 001 §4: completed files divided by total, as a whole percent. */
export function completedPercent(items: readonly SelectedFile[]): number {
  if (items.length === 0) return 0;
  return Math.floor((items.filter(isSent).length / items.length) * 100);
}

/** Spec 001 §5: a non-blank name and at least one file. */
export function isComplete(name: string, items: readonly SelectedFile[]): boolean {
  return name.trim().length > 0 && items.length > 0;
}

export type SelectionAction =
  | { type: 'add'; items: SelectedFile[] }
  | { type: 'remove'; id: string }
  | { type: 'queue'; ids: string[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; progress: number }
  | { type: 'sent'; id: string; status: 'approved' | 'pending' }
  | { type: 'failed'; id: string; error: string }
  | { type: 'clear' };

function update(items: SelectedFile[], id: string, change: Partial<SelectedFile>): SelectedFile[] {
  return items.map((item) => (item.id === id ? { ...item, ...change } : item));
}

/** The selection: picks accumulate (spec 001 §4) and each file carries its own upload state. */
export function selectionReducer(items: SelectedFile[], action: SelectionAction): SelectedFile[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'remove':
      return items.filter((item) => item.id !== action.id || item.status === 'uploading');
    case 'queue':
      return items.map((item) =>
        action.ids.includes(item.id) ? { ...item, status: 'waiting', progress: 0, error: undefined } : item,
      );
    case 'start':
      return update(items, action.id, { status: 'uploading', progress: 0, error: undefined });
    case 'progress':
      return update(items, action.id, { progress: Math.min(1, Math.max(0, action.progress)) });
    case 'sent':
      return update(items, action.id, { status: action.status === 'pending' ? 'pending' : 'done', progress: 1 });
    case 'failed':
      return update(items, action.id, { status: 'failed', progress: 0, error: action.error });
    case 'clear':
      return [];
  }
}
