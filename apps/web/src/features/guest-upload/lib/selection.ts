import { declaredUploadKind, maxBytesFor, type UploadKind } from '@momentos/contract/upload-policy';
import type { QueueStatus } from '../queue/queue-store';

/** The queue's states (queue/queue-store.ts), as a file row shows them. */
export type FileStatus = QueueStatus;

/** One file of the queue as the page shows it. */
export interface SelectedFile {
  id: string;
  name: string;
  size: number;
  kind: UploadKind;
  previewUrl: string;
  /** A photo whose small copy for the list is still being made. */
  isPreviewPending?: boolean;
  status: FileStatus;
  /** Bytes the server holds or has been sent so far. */
  sent: number;
  /** Share of this file's bytes sent, 0 to 1. */
  progress: number;
  /** Why it stopped, or why the last try failed while it waits to go again. */
  error?: string;
  retryAt?: number;
}

export interface RejectedFile {
  name: string;
  /** duplicate: the same file is already in the list; storage: the phone had no room to keep it. */
  reason: 'type' | 'size' | 'duplicate' | 'storage';
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
