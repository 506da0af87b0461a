import { Download, Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestPhoto } from '../api/album-api';

/** What the viewer needs to let a guest keep a photo; null when the host switched guest downloads off. */
export interface Saving {
  albumName: string;
  accessCode: string;
}

/**
 * The name of the copy a guest keeps: the original's name with the display rendition's extension,
 * since what they get is the copy they are shown (a WebP, watermarked where the plan has one), never
 * the original, which is the host's.
 */
export function savedFileName(photo: Pick<GuestPhoto, 'originalName'>): string {
  const base = photo.originalName.replace(/\.[^./\\]*$/, '').trim();
  return `${base || 'foto'}.webp`;
}

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

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
        const file = new File([blob], savedFileName(photo), { type: blob.type || 'image/webp' });
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
  if (photo.kind !== 'photo') return null;

  const share = async () => {
    const title = t('save.shareTitle', { album: saving.albumName });
    const link = `${window.location.origin}/album/${albumId}?code=${encodeURIComponent(saving.accessCode)}&photo=${encodeURIComponent(photo.id)}`;
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
        href={photo.displayUrl}
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
    </>
  );
}
