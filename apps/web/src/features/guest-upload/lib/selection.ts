import {
  declaredUploadKind,
  maxBytesFor,
  sniffUploadType,
  UPLOAD_MEDIA_TYPES,
  UPLOAD_SNIFF_BYTES,
  type UploadKind,
} from '@momentos/contract/upload-policy';
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
  /**
   * type: a type we do not take (by its name or declared type); content: its bytes are no photo or
   * video we can keep, whatever its name; duplicate: already in the list; storage: no room on the phone.
   */
  reason: 'type' | 'content' | 'size' | 'duplicate' | 'storage';
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

/** The first bytes of a file, as the server reads them to judge it. */
async function headOf(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, UPLOAD_SNIFF_BYTES);
  return new Uint8Array(await (typeof head.arrayBuffer === 'function' ? head : new Response(head)).arrayBuffer());
}

/**
 * The second look at a pick, at its first bytes (the contract's rule, the one the server stores
 * by): a text file named .jpg or random bytes named .heic are refused at once, with their reason,
 * instead of failing after they were sent; a file whose bytes say another kind goes as that kind.
 */
export async function checkContents(accepted: readonly { file: File; kind: UploadKind }[], videosAllowed: boolean) {
  const kept: { file: File; kind: UploadKind }[] = [];
  const rejected: RejectedFile[] = [];
  for (const { file } of accepted) {
    const type = sniffUploadType(await headOf(file));
    const kind = type && UPLOAD_MEDIA_TYPES[type].kind;
    if (!kind) rejected.push({ name: file.name, reason: 'content', size: file.size });
    else if (kind === 'video' && !videosAllowed) rejected.push({ name: file.name, reason: 'type', size: file.size });
    else if (file.size > maxBytesFor(kind)) rejected.push({ name: file.name, reason: 'size', size: file.size, kind });
    else kept.push({ file, kind });
  }
  return { accepted: kept, rejected };
}

export const isSent = (item: Pick<SelectedFile, 'status'>) => item.status === 'done' || item.status === 'pending';

/**
 * The whole queue's bytes sent over its bytes, as a whole percent: the figure beside "2,8 de 19,5 MB
 * enviados" and the files' own bars agree with it (counting whole files said 0% while a large one
 * was half sent). A file in the album counts whole; a stopped one counts what it had sent.
 */
export function completedPercent(items: readonly Pick<SelectedFile, 'size' | 'status' | 'sent'>[]): number {
  const size = items.reduce((total, item) => total + item.size, 0);
  if (size === 0) return items.length > 0 && items.every(isSent) ? 100 : 0;
  const sent = items.reduce((total, item) => total + (isSent(item) ? item.size : Math.min(item.sent, item.size)), 0);
  return Math.floor((sent / size) * 100);
}

/** Spec 001 §5: a non-blank name and at least one file. */
export function isComplete(name: string, items: readonly SelectedFile[]): boolean {
  return name.trim().length > 0 && items.length > 0;
}
