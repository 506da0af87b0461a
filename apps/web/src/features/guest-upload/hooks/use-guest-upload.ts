import { ErrorCode } from '@momentos/contract/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { readGuestSection, readGuestSession, writeGuestSection } from '@/lib/storage';
import { track } from '@/lib/tracking/tracking';
import { rememberTypedGuestName } from '@/lib/typed-guest-name';
import { guestKeys, type GuestAlbum } from '../api/guest-api';
import { finishedBatchAway, finishedBatchOf, forgetFinishedBatch, type FinishedBatch } from '../lib/finished-batch';
import { guestPassSource } from '../lib/guest-pass';
import { makeThumbnail } from '../lib/thumbnail';
import { checkContents, partitionFiles, type RejectedFile, type SelectedFile } from '../lib/selection';
import type { QueuedFile, QueueFailure, QueueStore } from '../queue/queue-store';
import { cancelOnServer } from '../queue/send-file';
import { xhrTransport } from '../queue/transport';
import { useOnline } from './use-online';
import { isUnsettled, useUploadQueue } from './use-upload-queue';

let sequence = 0;
const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `file-${++sequence}`;
const sameFile = (a: { name: string; size: number; lastModified: number }, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

// Thumbnails' object URLs by file id, made once per file and revoked when the file leaves the list.
const previewUrls = new Map<string, string>();
function previewOf(file: QueuedFile): string {
  const key = previewKeyOf(file);
  let url = previewUrls.get(key);
  const source = file.thumbnail ?? (file.kind === 'video' ? file.blob : null);
  if (url === undefined && source && typeof URL.createObjectURL === 'function') {
    url = URL.createObjectURL(source);
    previewUrls.set(key, url);
  }
  return url ?? '';
}
function revokePreviewsBut(keys: ReadonlySet<string>) {
  for (const [key, url] of previewUrls)
    if (!keys.has(key)) {
      URL.revokeObjectURL(url);
      previewUrls.delete(key);
    }
}
const previewKeyOf = (file: QueuedFile) => `${file.id}${file.thumbnail ? ':small' : ''}`;

/**
 * The guest page's state on top of the device's upload queue: picks are written to the queue
 * (IndexedDB) at once, so a reload keeps them; "Subir" hands them to the queue with the guest's
 * name, and the queue sends them by itself, retrying until each is in the album or stopped with a
 * reason. When every file of the album is in, the list clears and says so.
 */
export function useGuestUpload(album: GuestAlbum, accessCode: string) {
  const { t } = useTranslation('guest');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setTypedName] = useState(() => readGuestSession(album.id)?.name ?? '');
  // The guestbook's "Firmado por" starts from the name typed here, even before a file is sent.
  const setName = useCallback(
    (typed: string) => {
      rememberTypedGuestName(album.id, typed);
      setTypedName(typed);
    },
    [album.id],
  );
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  // A batch the shared album finished while the guest was there is this page's news when they come back.
  const [lastBatch, setLastBatch] = useState<FinishedBatch | null>(() => finishedBatchAway(album.id));
  useEffect(() => forgetFinishedBatch(album.id), [album.id]);
  // The album section the next batch goes to (null: the main part), kept on the device so the
  // guest who went to look at the album, or reloaded, comes back to the section they chose.
  const [sectionId, setChosenSection] = useState<string | null>(() => readGuestSection(album.id));
  const setSectionId = useCallback(
    (chosen: string | null) => {
      writeGuestSection(album.id, chosen);
      setChosenSection(chosen);
    },
    [album.id],
  );
  const rejoin = useMemo(() => guestPassSource(album.id, accessCode), [album.id, accessCode]);

  const onSettled = useCallback(
    (file: QueuedFile) => {
      if (file.status !== 'failed' || !file.failure) return;
      const error = new ApiError(file.failure.message, file.failure.status, file.failure.code);
      toast({ variant: 'destructive', title: t('toast.errorTitle'), description: describeError(tCommon, error) });
      track('guest_upload_failed', {
        album_id: album.id,
        kind: file.kind,
        size_mb: Math.round(file.size / 1048576),
        status: file.failure.status,
        code: file.failure.code ?? null,
      });
    },
    [album.id, t, tCommon],
  );

  // Every file of the album is in (sent from here, or by the service worker while the page was closed).
  const onAllInAlbum = useCallback(
    (files: QueuedFile[], store: QueueStore) => {
      const batch = finishedBatchOf(files);
      setLastBatch(batch);
      toast({
        variant: 'success',
        // The spec's words for one photo; a batch of several says how many.
        title: t('toast.successTitle', { count: batch.sent }),
        description: batch.pending > 0 ? t('toast.pendingText') : t('toast.successText', { count: batch.sent }),
      });
      void queryClient.invalidateQueries({ queryKey: guestKeys.photos(album.id) });
      void Promise.all(files.map((file) => store.remove(file.id)));
    },
    [album.id, queryClient, t],
  );

  const queue = useUploadQueue(album.id, { rejoin, onSettled, onAllInAlbum });
  const { files, inFlight, drain } = queue;
  useEffect(() => revokePreviewsBut(new Set(files.map(previewKeyOf))), [files]);

  // A wait before the next try says what happened, not "try again": the queue tries by itself. No
  // answer while the browser knows it has no network (a page opened offline) is "offline", not a cut.
  const isOnline = useOnline();
  const passingReason = useCallback(
    ({ status }: QueueFailure) =>
      t(
        status === 429
          ? 'file.reasonBusy'
          : status >= 500
            ? 'file.reasonServer'
            : status === NETWORK_ERROR_STATUS && !isOnline
              ? 'file.reasonOffline'
              : 'file.reasonNetwork',
      ),
    [t, isOnline],
  );
  const stopReason = useCallback(
    (failure: QueueFailure) => describeError(tCommon, new ApiError(failure.message, failure.status, failure.code)),
    [tCommon],
  );

  const items: SelectedFile[] = useMemo(
    () =>
      files.map((file) => {
        const sent = file.status === 'uploading' ? Math.max(file.sent, inFlight[file.id] ?? 0) : file.sent;
        const failure = file.failure;
        return {
          id: file.id,
          name: file.name,
          size: file.size,
          kind: file.kind,
          previewUrl: previewOf(file),
          isPreviewPending: file.kind === 'photo' && file.thumbnail === undefined && file.blob !== null,
          status: file.status,
          sent,
          progress: file.size ? Math.min(1, sent / file.size) : 0,
          retryAt: file.retryAt,
          error: failure && (file.status === 'retrying' ? passingReason(failure) : stopReason(failure)),
        };
      }),
    [files, inFlight, passingReason, stopReason],
  );

  const addFiles = useCallback(
    async (picked: readonly File[]) => {
      const store = queue.store.current;
      if (picked.length === 0 || !store) return;
      const declared = partitionFiles(picked, album.videosAllowed);
      const sniffed = await checkContents(declared.accepted, album.videosAllowed);
      const split = { accepted: sniffed.accepted, rejected: [...declared.rejected, ...sniffed.rejected] };
      const known = await store.list(album.id);
      const duplicates: RejectedFile[] = [];
      const fresh = split.accepted.filter(({ file }, index) => {
        const again =
          known.some((queued) => sameFile(queued, file)) ||
          split.accepted.slice(0, index).some((earlier) => sameFile(earlier.file, file));
        if (again) duplicates.push({ name: file.name, reason: 'duplicate', size: file.size });
        return !again;
      });
      setRejected([...split.rejected, ...duplicates]);
      setLastBatch(null);
      const pickedAt = Date.now();
      // On the device before the first byte is sent: a reload or a closed tab keeps the pick.
      // Asks the browser not to clear the queue under storage pressure before it is sent (best effort).
      if (fresh.length > 0) void navigator.storage?.persist?.().catch(() => false);
      const unsaved: RejectedFile[] = [];
      const stored = new Set<string>();
      for (const [index, { file, kind }] of fresh.entries()) {
        const id = newId();
        try {
          await store.put({
            id,
            albumId: album.id,
            blob: file,
            name: file.name,
            type: file.type,
            size: file.size,
            lastModified: file.lastModified,
            kind,
            status: 'ready',
            addedAt: pickedAt + index,
            sent: 0,
            attempts: 0,
          });
          stored.add(id);
        } catch (error) {
          // A full phone: this file is named, the ones already kept stay.
          if (!(error instanceof DOMException)) throw error;
          unsaved.push({ name: file.name, reason: 'storage', size: file.size, kind });
        }
      }
      if (unsaved.length > 0) setRejected((current) => [...current, ...unsaved]);
      // Then the small copies for the list, one photo at a time.
      for (const { id, blob, kind } of await store.list(album.id)) {
        if (kind !== 'photo' || !blob || !stored.has(id)) continue;
        await store.update(id, { thumbnail: await makeThumbnail(blob) });
      }
      track('guest_files_selected', {
        album_id: album.id,
        accepted: fresh.length,
        videos: fresh.filter((item) => item.kind === 'video').length,
        rejected_type: split.rejected.filter((file) => file.reason === 'type' || file.reason === 'content').length,
        rejected_size: split.rejected.filter((file) => file.reason === 'size').length,
        selected_total: known.length + fresh.length,
      });
    },
    [album.id, album.videosAllowed, queue.store],
  );

  const removeFile = useCallback(
    async (id: string) => {
      const store = queue.store.current;
      const file = files.find((candidate) => candidate.id === id);
      if (!store || !file || file.status === 'uploading') return;
      await store.remove(id);
      // A half-sent large file: cancel it on the server rather than leave it to expire.
      if (file.uploadUrl && file.guestToken)
        await cancelOnServer(file, { transport: xhrTransport, guestToken: file.guestToken });
    },
    [files, queue.store],
  );

  /** Hands the chosen files (default: every one not yet in the album) to the queue with the guest's name. */
  const upload = useCallback(
    async (ids?: string[]) => {
      const store = queue.store.current;
      const uploaderName = name.trim();
      if (!store || !uploaderName) return;
      const session = readGuestSession(album.id);
      const guestToken = session?.name === uploaderName ? session.guestToken : undefined;
      const chosen = files.filter((file) =>
        ids ? ids.includes(file.id) : file.status === 'ready' || file.status === 'failed',
      );
      for (const file of chosen)
        await store.update(file.id, {
          status: 'waiting',
          uploaderName,
          attempts: 0,
          failure: undefined,
          // A file that goes with another name, or was never sent, takes this name's pass (or a new one).
          guestToken: file.uploaderName === uploaderName ? (file.guestToken ?? guestToken) : guestToken,
          // A file sent before keeps its section, unless that section was deleted meanwhile.
          sectionId:
            file.sectionId === undefined || file.failure?.code === ErrorCode.SECTION_NOT_FOUND
              ? sectionId
              : file.sectionId,
        });
      if (chosen.length > 0) void drain();
    },
    [album.id, drain, files, name, queue.store, sectionId],
  );

  const isUploading = files.some(isUnsettled);
  return {
    items,
    name,
    setName,
    sectionId,
    setSectionId,
    rejected,
    dismissRejected: () => setRejected([]),
    isUploading,
    isDraining: queue.isDraining,
    lastBatch,
    addFiles: (picked: readonly File[]) => void addFiles(picked),
    removeFile: (id: string) => void removeFile(id),
    upload: (ids?: string[]) => void upload(ids),
  };
}
