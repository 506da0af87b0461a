import { Check, Download, Link2, Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canShareNatively, copyText } from '@/lib/share-link';
import type { GuestPhoto } from '../api/album-api';

/** What the viewer needs to let a guest keep a photo; null when the host switched guest downloads off. */
export interface Saving {
  albumName: string;
  accessCode: string;
}

/**
 * The name of the copy a guest keeps: the original's name with the copy's extension, since what they
 * get is the copy they are shown (watermarked where the plan has one), never the original, which is
 * the host's. A download is that copy as a JPEG (people expect one); a shared file is the WebP the
 * viewer already holds, so a share sheet costs the server nothing.
 */
export function savedFileName(photo: Pick<GuestPhoto, 'originalName'>, extension: 'jpg' | 'webp' = 'jpg'): string {
  const base = photo.originalName.replace(/\.[^./\\]*$/, '').trim();
  return `${base || 'foto'}.${extension}`;
}

/** The display copy's signed URL asking for the JPEG (the signature covers the path, not `format`). */
export function jpegDownloadUrl(displayUrl: string): string {
  return `${displayUrl}${displayUrl.includes('?') ? '&' : '?'}format=jpeg`;
}

const canShare = canShareNatively;

/**
 * The photo as a File, fetched ahead of a tap (from the cache the viewer's image filled): a share
 * sheet must open within the tap's user activation, which Safari does not keep across a download.
 */
function useShareableFile(photo: GuestPhoto): File | null {
  const [ready, setReady] = useState<{ id: string; file: File } | null>(null);
  useEffect(() => {
    if (photo.kind !== 'photo' || !canShare() || typeof navigator.canShare !== 'function') return;
    const controller = new AbortController();
    fetch(photo.displayUrl, { signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`rendition ${response.status}`))))
      .then((blob) => {
        const file = new File([blob], savedFileName(photo, 'webp'), { type: blob.type || 'image/webp' });
        setReady({ id: photo.id, file });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [photo]);
  return ready?.id === photo.id ? ready.file : null;
}

const control =
  'flex size-11 items-center justify-center rounded-full bg-black/45 text-white hover:bg-black/65 focus-visible:outline-2 focus-visible:outline-white';

/** Download and share for the photo on screen (PRODUCT.md, "What guests see of the host's work"). */
export function ViewerSave({ albumId, photo, saving }: { albumId: string; photo: GuestPhoto; saving: Saving }) {
  const { t } = useTranslation('album');
  const file = useShareableFile(photo);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  // Which photo's link was just copied, and whether the clipboard took it: shown until the next photo.
  const [copied, setCopied] = useState<{ id: string; ok: boolean } | null>(null);
  if (photo.kind !== 'photo') return null;

  const link = `${window.location.origin}/album/${albumId}?code=${encodeURIComponent(saving.accessCode)}&photo=${encodeURIComponent(photo.id)}`;
  const copyLink = async () => setCopied({ id: photo.id, ok: await copyText(link) });
  const copyState = copied?.id === photo.id ? copied : null;

  const share = async () => {
    const title = t('save.shareTitle', { album: saving.albumName });
    try {
      if (file && navigator.canShare?.({ files: [file] })) await navigator.share({ files: [file], title });
      else await navigator.share({ title, url: link });
    } catch (error) {
      // The guest closed the sheet; anything else (no share target, a refused file) falls back to a download.
      if ((error as DOMException | null)?.name !== 'AbortError') downloadRef.current?.click();
    }
  };

  return (
    <>
      <a
        ref={downloadRef}
        data-testid="viewer-download"
        href={jpegDownloadUrl(photo.displayUrl)}
        download={savedFileName(photo)}
        aria-label={t('save.downloadLabel')}
        title={t('save.download')}
        className={control}
      >
        <Download aria-hidden className="size-5" />
      </a>
      {canShare() && (
        <button
          type="button"
          data-testid="viewer-share"
          aria-label={t('save.shareLabel')}
          title={t('save.share')}
          onClick={() => void share()}
          className={control}
        >
          <Share2 aria-hidden className="size-5" />
        </button>
      )}
      {/* No share sheet (most desktops): the photo's link to paste anywhere, confirmed on screen. */}
      {!canShare() && (
        <button
          type="button"
          data-testid="viewer-copy-link"
          aria-label={t('save.copyLinkLabel')}
          title={t('save.copyLink')}
          onClick={() => void copyLink()}
          className={control}
        >
          {copyState?.ok ? <Check aria-hidden className="size-5" /> : <Link2 aria-hidden className="size-5" />}
        </button>
      )}
      <p
        role="status"
        data-testid="viewer-copy-status"
        className={
          copyState
            ? 'absolute top-full right-0 mt-2 max-w-[80vw] rounded-lg bg-black/75 px-3 py-1.5 text-sm break-all text-white'
            : 'sr-only'
        }
      >
        {copyState ? (copyState.ok ? t('save.linkCopied') : t('save.copyManual', { link })) : ''}
      </p>
    </>
  );
}
