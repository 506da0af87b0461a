/**
 * A ZIP download (the whole album, or the host's selection) with real progress (docs/decisions.md, "Whole-album download").
 * 1. Where the File System Access API exists, the host picks the file first (while the click
 *    still counts as a user gesture) and the response streams straight to disk: memory stays flat
 *    whatever the size.
 * 2. Otherwise, archives up to BLOB_LIMIT_BYTES are streamed into memory with the same progress
 *    and saved from a Blob.
 * 3. Larger archives go to the browser's own download manager through a plain link, which shows
 *    its own progress and can resume; the button then reports that it was handed over.
 */
export const BLOB_LIMIT_BYTES = 512 * 1024 * 1024;

export type DownloadOutcome = 'saved' | 'handed-over' | 'cancelled';

interface SaveFilePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{
    createWritable: () => Promise<
      WritableStreamDefaultWriter<Uint8Array> & {
        close: () => Promise<void>;
        write: (chunk: Uint8Array) => Promise<void>;
        abort: () => Promise<void>;
      }
    >;
  }>;
}

/** Whole percentage, clamped to 0..100 (spec 001 §9). */
export function percentOf(received: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((received / total) * 100)));
}

async function streamBody(
  response: Response,
  total: number,
  onChunk: (chunk: Uint8Array) => Promise<void> | void,
  onProgress: (percent: number) => void,
) {
  if (!response.body) throw new Error('No response body');
  const reader = response.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    await onChunk(value);
    onProgress(percentOf(received, total));
  }
  onProgress(100);
}

function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export async function downloadZip(options: {
  /** The server's own name for the archive (the contract's `zipNames`), so the dialog and the link agree. */
  fileName: string;
  getLink: () => Promise<{ url: string; bytes: number }>;
  onProgress: (percent: number) => void;
}): Promise<DownloadOutcome> {
  const { fileName } = options;
  const picker = (window as unknown as SaveFilePickerWindow).showSaveFilePicker;
  let handle: Awaited<ReturnType<NonNullable<SaveFilePickerWindow['showSaveFilePicker']>>> | undefined;
  if (picker) {
    try {
      handle = await picker({
        suggestedName: fileName,
        types: [{ description: 'ZIP', accept: { 'application/zip': ['.zip'] } }],
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      handle = undefined; // Not allowed here (iframe, policy): fall back below.
    }
  }
  const link = await options.getLink();
  if (!handle && link.bytes > BLOB_LIMIT_BYTES) {
    const anchor = document.createElement('a');
    anchor.href = link.url;
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    return 'handed-over';
  }
  const response = await fetch(link.url, { credentials: 'include' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const total = Number(response.headers.get('Content-Length')) || link.bytes;
  if (handle) {
    const writable = await handle.createWritable();
    try {
      await streamBody(response, total, (chunk) => writable.write(chunk), options.onProgress);
      await writable.close();
    } catch (error) {
      await writable.abort().catch(() => undefined);
      throw error;
    }
    return 'saved';
  }
  const chunks: Uint8Array[] = [];
  await streamBody(response, total, (chunk) => void chunks.push(chunk), options.onProgress);
  saveBlob(new Blob(chunks as BlobPart[], { type: 'application/zip' }), fileName);
  return 'saved';
}
