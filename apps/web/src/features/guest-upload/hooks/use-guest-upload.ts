import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { joinAlbum } from '@/lib/join-album';
import { readGuestSession, writeGuestSession } from '@/lib/storage';
import { track } from '@/lib/tracking/tracking';
import { guestKeys, type GuestAlbum } from '../api/guest-api';
import { isSent, partitionFiles, selectionReducer, type RejectedFile, type SelectedFile } from '../lib/selection';
import { discardUpload, uploadFile } from '../lib/upload-file';

let sequence = 0;
const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `file-${++sequence}`;
const previewOf = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const revoke = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const isTokenRefused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export interface LastBatch {
  sent: number;
  pending: number;
}

/**
 * The guest page's state: the accumulated selection with each file's upload state, the files
 * refused at the last pick, and a sequential uploader (spec 001 §4) that joins the album first
 * when this browser holds no token for this name, and joins again once if the token is refused.
 */
export function useGuestUpload(album: GuestAlbum, accessCode: string) {
  const { t } = useTranslation('guest');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const [items, dispatch] = useReducer(selectionReducer, []);
  const [name, setName] = useState(() => readGuestSession(album.id)?.name ?? '');
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const [isUploading, setUploading] = useState(false);
  const [lastBatch, setLastBatch] = useState<LastBatch | null>(null);
  // The uploader runs across many renders; it reads the latest selection from here.
  const itemsRef = useRef(items);
  useLayoutEffect(() => {
    itemsRef.current = items;
  }, [items]);
  const runningRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);

  // Object URLs live as long as their thumbnail: revoked on removal, on clearing and on leaving.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      for (const item of itemsRef.current) revoke(item.previewUrl);
    },
    [],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const split = partitionFiles(files, album.videosAllowed);
      setRejected(split.rejected);
      setLastBatch(null);
      const added: SelectedFile[] = split.accepted.map(({ file, kind }) => ({
        id: newId(),
        file,
        kind,
        previewUrl: previewOf(file),
        status: 'waiting',
        progress: 0,
      }));
      dispatch({ type: 'add', items: added });
      track('guest_files_selected', {
        album_id: album.id,
        accepted: added.length,
        videos: added.filter((item) => item.kind === 'video').length,
        rejected_type: split.rejected.filter((file) => file.reason === 'type').length,
        rejected_size: split.rejected.filter((file) => file.reason === 'size').length,
        selected_total: itemsRef.current.length + added.length,
      });
    },
    [album.id, album.videosAllowed],
  );

  const removeFile = useCallback(
    (id: string) => {
      const item = itemsRef.current.find((candidate) => candidate.id === id);
      if (!item || item.status === 'uploading') return;
      revoke(item.previewUrl);
      dispatch({ type: 'remove', id });
      // A half-sent large file: cancel it on the server rather than leave it to expire.
      if (!isSent(item))
        void discardUpload(item.file, { albumId: album.id, token: readGuestSession(album.id)?.guestToken });
    },
    [album.id],
  );

  const ensureToken = useCallback(
    async (uploaderName: string, force: boolean) => {
      const session = readGuestSession(album.id);
      if (!force && session?.guestToken && session.name === uploaderName) return session.guestToken;
      const guestToken = await joinAlbum(album.id, uploaderName, accessCode);
      writeGuestSession(album.id, { accessCode, guestToken, name: uploaderName });
      return guestToken;
    },
    [album.id, accessCode],
  );

  /** Uploads the given files (default: every file not yet sent), one at a time. */
  const upload = useCallback(
    async (ids?: string[]) => {
      const uploaderName = name.trim();
      const queue = itemsRef.current.filter((item) => (ids ? ids.includes(item.id) : !isSent(item)));
      if (runningRef.current || !uploaderName || queue.length === 0) return;
      runningRef.current = true;
      setUploading(true);
      const controller = new AbortController();
      abortRef.current = controller;
      dispatch({ type: 'queue', ids: queue.map((item) => item.id) });
      const sentIds = new Set<string>();
      let pending = 0;
      let lastError: unknown;
      const fail = (item: SelectedFile, error: unknown) => {
        lastError = error;
        dispatch({ type: 'failed', id: item.id, error: describeError(tCommon, error) });
        track('guest_upload_failed', {
          album_id: album.id,
          kind: item.kind,
          size_mb: Math.round(item.file.size / 1048576),
          status: error instanceof ApiError ? error.status : null,
          code: error instanceof ApiError ? (error.code ?? null) : null,
        });
      };

      try {
        let token: string;
        try {
          token = await ensureToken(uploaderName, false);
        } catch (error) {
          for (const item of queue) fail(item, error);
          return;
        }
        let rejoined = false;
        for (const item of queue) {
          dispatch({ type: 'start', id: item.id });
          const send = (guestToken: string) =>
            uploadFile(item.file, {
              albumId: album.id,
              token: guestToken,
              uploaderName,
              signal: controller.signal,
              onProgress: (loaded, total) =>
                dispatch({ type: 'progress', id: item.id, progress: total ? loaded / total : 0 }),
            });
          try {
            let result;
            try {
              result = await send(token);
            } catch (error) {
              // A token from another album or a forgotten guest: join again, once per run.
              if (!isTokenRefused(error) || rejoined) throw error;
              rejoined = true;
              token = await ensureToken(uploaderName, true);
              result = await send(token);
            }
            sentIds.add(item.id);
            if (result.status === 'pending') pending += 1;
            dispatch({ type: 'sent', id: item.id, status: result.status });
          } catch (error) {
            if (isAbort(error)) return;
            fail(item, error);
          }
        }
      } finally {
        runningRef.current = false;
        abortRef.current = null;
        if (!controller.signal.aborted) setUploading(false);
      }
      if (controller.signal.aborted) return;

      if (lastError !== undefined) {
        toast({ variant: 'destructive', title: t('toast.errorTitle'), description: describeError(tCommon, lastError) });
        return;
      }
      toast({
        variant: 'success',
        title: t('toast.successTitle'),
        description: pending > 0 ? t('toast.pendingText') : t('toast.successText'),
      });
      // The shared album's grid is the only query that lists photos; the album itself does not change.
      void queryClient.invalidateQueries({ queryKey: guestKeys.photos(album.id) });
      const everyItemSent = itemsRef.current.every((item) => isSent(item) || sentIds.has(item.id));
      if (everyItemSent) {
        const all = itemsRef.current;
        for (const item of all) revoke(item.previewUrl);
        const pendingBefore = all.filter((item) => !sentIds.has(item.id) && item.status === 'pending').length;
        setLastBatch({ sent: all.length, pending: pendingBefore + pending });
        dispatch({ type: 'clear' });
      }
    },
    [album.id, ensureToken, name, queryClient, t, tCommon],
  );

  // Back online after a drop at the venue: send again whatever failed, without a tap.
  useEffect(() => {
    const onOnline = () => {
      const failed = itemsRef.current.filter((item) => item.status === 'failed').map((item) => item.id);
      if (failed.length === 0 || runningRef.current) return;
      track('guest_upload_auto_retry', { album_id: album.id, files: failed.length });
      void upload(failed);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [album.id, upload]);

  return {
    items,
    name,
    setName,
    rejected,
    dismissRejected: () => setRejected([]),
    isUploading,
    lastBatch,
    addFiles,
    removeFile,
    upload,
  };
}
