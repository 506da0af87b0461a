/**
 * A guest's phone for the lossy-link benchmark, run as its own process by `lossy-upload.bench.ts`:
 * it queues the given JPEGs and drains them with the web app's own upload engine (queue runner,
 * memory store, fetch transport, all unchanged), then prints one JSON line of what happened.
 *
 * Why a child process: the engine imports `@/lib/...`, the web app's path alias, which tsx only
 * resolves with the web tsconfig (`TSX_TSCONFIG_PATH=apps/web/tsconfig.json`), while the bench
 * process runs with none. It also keeps the phone's event loop apart from the proxy's, as a
 * real phone's is.
 *
 * Input (argv[2], JSON): PhoneInput. Output (stdout, one line): PhoneReport.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createQueueRunner } from '../../apps/web/src/features/guest-upload/queue/queue-runner.js';
import {
  memoryQueueStore,
  subscribeToQueue,
  type QueuedFile,
} from '../../apps/web/src/features/guest-upload/queue/queue-store.js';
import { fetchTransport, type Transport } from '../../apps/web/src/features/guest-upload/queue/transport.js';
import { seededRandom } from '../../e2e/support/seeded-random.js';

export interface PhoneInput {
  origin: string;
  albumId: string;
  guestToken: string;
  files: string[];
  /** Seeds the engine's retry jitter, so runs compare. */
  seed: number;
}

export interface RequestRecord {
  method: string;
  url: string;
  startMs: number;
  ms: number;
  /** The HTTP status, or the transport's error code (NETWORK_ERROR, TIMEOUT). */
  outcome: number | string;
}

export interface PhoneReport {
  seconds: number;
  drained: boolean;
  statuses: Record<string, number>;
  photoIds: string[];
  failures: string[];
  requests: RequestRecord[];
  /** Every wait the engine scheduled before a retry: when, for which file, after which failure. */
  retryWaits: { file: string; atMs: number; ms: number; attempts: number; after: string }[];
  /** When each file reached the album, in ms from the start of the drain, in order. */
  doneAtMs: number[];
}

const input = JSON.parse(process.argv[2] ?? '{}') as PhoneInput;
/** Request times count from the start of the drain. */
let zero = performance.now();
const since = () => performance.now() - zero;

const requests: RequestRecord[] = [];
const recording: Transport = async (request) => {
  const record: RequestRecord = {
    method: request.method,
    url: new URL(request.url).pathname,
    startMs: since(),
    ms: 0,
    outcome: 'pending',
  };
  requests.push(record);
  try {
    const response = await fetchTransport(request);
    record.outcome = response.status;
    return response;
  } catch (error) {
    record.outcome = (error as { code?: string }).code ?? String(error);
    throw error;
  } finally {
    record.ms = since() - record.startMs;
  }
};

const retryWaits: PhoneReport['retryWaits'] = [];
const doneAtMs: number[] = [];
const store = memoryQueueStore();
// Every change of the queue is announced; the memory store's list is taken at once, so each
// announcement sees the state it announces, whichever store method the engine wrote with.
const seen = new Map<string, QueuedFile>();
subscribeToQueue(() => {
  void store.list().then((files) => {
    for (const file of files) {
      const before = seen.get(file.id);
      seen.set(file.id, file);
      if (before === file) continue;
      if (file.status === 'retrying' && file.retryAt !== undefined && file.retryAt !== before?.retryAt)
        retryWaits.push({
          file: file.id,
          atMs: since(),
          ms: file.retryAt - Date.now(),
          attempts: file.attempts,
          after: `${file.failure?.status ?? '?'} ${file.failure?.code ?? ''}`.trim(),
        });
      if (file.status === 'done' && before?.status !== 'done') doneAtMs.push(since());
    }
  });
});

for (const [index, file] of input.files.entries()) {
  const blob = await fs.openAsBlob(file, { type: 'image/jpeg' });
  await store.put({
    id: `bench-${index}`,
    albumId: input.albumId,
    blob,
    name: path.basename(file),
    type: 'image/jpeg',
    size: blob.size,
    lastModified: Date.now(),
    kind: 'photo',
    status: 'waiting',
    addedAt: index + 1,
    uploaderName: 'Bench',
    guestToken: input.guestToken,
    sent: 0,
    attempts: 0,
  });
}

const runner = createQueueRunner({
  store,
  transport: recording,
  origin: input.origin,
  albumId: input.albumId,
  random: seededRandom(input.seed),
});
zero = performance.now();
const drained = await runner.drain();
const seconds = since() / 1000;

const files = await store.list(input.albumId);
const statuses: Record<string, number> = {};
for (const file of files) statuses[file.status] = (statuses[file.status] ?? 0) + 1;
const report: PhoneReport = {
  seconds,
  drained,
  statuses,
  photoIds: files.flatMap((file) => (file.photoId ? [file.photoId] : [])),
  failures: files.flatMap((file) => (file.status === 'failed' ? [`${file.name}: ${file.failure?.message}`] : [])),
  requests,
  retryWaits,
  doneAtMs,
};
// The store announces changes on a BroadcastChannel, which keeps Node's event loop alive: exit.
process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
