import type { UploadKind } from '@momentos/contract/upload-policy';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * ready (picked, no name given yet) → waiting → uploading → done | pending (the host reviews it
 * first); on the way, retrying (a try failed and the next goes by itself at `retryAt`) or failed
 * (stopped: the server's answer will not change; a tap may try again).
 */
export type QueueStatus = 'ready' | 'waiting' | 'uploading' | 'retrying' | 'done' | 'pending' | 'failed';

/** Why the last try failed, as the API answered it (status 0: no answer). */
export interface QueueFailure {
  status: number;
  code?: string;
  message: string;
}

/** One picked file, kept on the device with its state until the album holds it. */
export interface QueuedFile {
  id: string;
  albumId: string;
  /** The bytes, kept by the browser on disk; dropped once the server holds the file. */
  blob: Blob | null;
  /** A small copy of a photo for the list, kept after the bytes go; null when the browser cannot make one. */
  thumbnail?: Blob | null;
  name: string;
  type: string;
  size: number;
  lastModified: number;
  kind: UploadKind;
  status: QueueStatus;
  /** Order of picking: the queue sends the oldest first. */
  addedAt: number;
  uploaderName?: string;
  /** The album section chosen when the guest sent it (null: the main part); kept for every retry. */
  sectionId?: string | null;
  /** The guest pass the file goes with (the service worker cannot read the page's storage). */
  guestToken?: string;
  /** Bytes the server is known to hold. */
  sent: number;
  /** Failed tries since the file last made progress. */
  attempts: number;
  retryAt?: number;
  failure?: QueueFailure;
  /** The resumable (tus) upload on the server, once created. */
  uploadUrl?: string;
  photoId?: string;
}

export interface QueueStore {
  list(albumId?: string): Promise<QueuedFile[]>;
  get(id: string): Promise<QueuedFile | undefined>;
  put(file: QueuedFile): Promise<void>;
  /** Changes a stored file in one step (answers false when it was removed meanwhile). */
  update(id: string, change: Partial<QueuedFile>): Promise<boolean>;
  remove(id: string): Promise<void>;
}

const byPickingOrder = (a: QueuedFile, b: QueuedFile) => a.addedAt - b.addedAt || a.id.localeCompare(b.id);

// Every change is announced to the other tabs and the service worker (BroadcastChannel), and to
// this context's own listeners (a channel does not deliver to its sender).
const CHANNEL = 'momentos-upload-queue';
type Listener = (albumId: string) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;
const channelOf = () => {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent<{ albumId?: unknown }>) => {
      if (typeof event.data?.albumId === 'string') for (const listener of listeners) listener(event.data.albumId);
    });
  }
  return channel;
};
function announce(albumId: string) {
  channelOf()?.postMessage({ albumId });
  for (const listener of listeners) listener(albumId);
}

/** Calls `listener` with the album id whenever a file of the queue changes, here or in another context. */
export function subscribeToQueue(listener: Listener): () => void {
  channelOf();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue in memory, for a browser that keeps no IndexedDB (some private windows): nothing survives a reload. */
export function memoryQueueStore(): QueueStore {
  const files = new Map<string, QueuedFile>();
  return {
    list: async (albumId) => [...files.values()].filter((f) => !albumId || f.albumId === albumId).sort(byPickingOrder),
    get: async (id) => files.get(id),
    put: async (file) => {
      files.set(file.id, { ...file });
      announce(file.albumId);
    },
    update: async (id, change) => {
      const file = files.get(id);
      if (!file) return false;
      files.set(id, { ...file, ...change });
      announce(file.albumId);
      return true;
    },
    remove: async (id) => {
      const file = files.get(id);
      files.delete(id);
      if (file) announce(file.albumId);
    },
  };
}

interface QueueSchema extends DBSchema {
  files: { key: string; value: QueuedFile; indexes: { albumId: string } };
}

/** The queue in IndexedDB: a reload, a crash or a closed tab loses nothing. */
export function indexedDbQueueStore(database: Promise<IDBPDatabase<QueueSchema>>): QueueStore {
  return {
    async list(albumId) {
      const db = await database;
      const files = albumId ? await db.getAllFromIndex('files', 'albumId', albumId) : await db.getAll('files');
      return files.sort(byPickingOrder);
    },
    get: async (id) => (await database).get('files', id),
    async put(file) {
      await (await database).put('files', file);
      announce(file.albumId);
    },
    async update(id, change) {
      const transaction = (await database).transaction('files', 'readwrite');
      const file = await transaction.store.get(id);
      if (file) await transaction.store.put({ ...file, ...change });
      await transaction.done;
      if (file) announce(file.albumId);
      return Boolean(file);
    },
    async remove(id) {
      const db = await database;
      const file = await db.get('files', id);
      await db.delete('files', id);
      if (file) announce(file.albumId);
    },
  };
}

let shared: Promise<QueueStore> | undefined;

/** This device's queue: IndexedDB where the browser keeps it, memory otherwise. */
export function openQueueStore(): Promise<QueueStore> {
  shared ??= (async () => {
    if (typeof indexedDB === 'undefined') return memoryQueueStore();
    const database = openDB<QueueSchema>('momentos-uploads', 1, {
      upgrade(db) {
        db.createObjectStore('files', { keyPath: 'id' }).createIndex('albumId', 'albumId');
      },
    });
    try {
      await database;
      return indexedDbQueueStore(database);
    } catch {
      // Firefox's private windows and some embedded browsers refuse IndexedDB: uploads still work.
      return memoryQueueStore();
    }
  })();
  return shared;
}
