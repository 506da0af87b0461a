import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useRef, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestAlbumSession } from '@/lib/storage';
import type { GuestPhoto } from '../api/album-api';
import { ViewerDetails } from './viewer-details';
import { ViewerMedia } from './viewer-media';
import { ViewerSave, type Saving } from './viewer-save';

interface Props {
  albumId: string;
  photos: GuestPhoto[];
  index: number;
  /** Every photo in the album, loaded or not. */
  total: number;
  session: GuestAlbumSession;
  join: (name: string) => Promise<string>;
  onNavigate: (photoId: string) => void;
  /** Download and share, unless the host switched guest downloads off (null). */
  saving: Saving | null;
  onClose: () => void;
  /** Asks for the next page when the viewer reaches the last loaded photo. */
  onNearEnd: () => void;
}

const SWIPE = 50;

/**
 * What a finger's movement means: sideways past the threshold turns the page (a slanting thumb
 * included), and only a clearly downward movement closes, so a sideways swipe never closes.
 */
export function swipeOf(dx: number, dy: number): 'previous' | 'next' | 'close' | null {
  if (Math.abs(dx) > SWIPE && Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? 'previous' : 'next';
  if (dy > SWIPE * 2 && dy > Math.abs(dx) * 2) return 'close';
  return null;
}

/** Full screen over the grid: the photo (or video), arrows, swipes, Escape, and its details below or beside it. */
export function PhotoViewer({
  albumId,
  photos,
  index,
  total,
  session,
  join,
  onNavigate,
  saving,
  onClose,
  onNearEnd,
}: Props) {
  const { t } = useTranslation('album');
  const photo = photos[index]!;
  const previous = photos[index - 1];
  const next = photos[index + 1];
  const start = useRef<{ x: number; y: number } | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (index >= photos.length - 3) onNearEnd();
  }, [index, photos.length, onNearEnd]);

  useEffect(() => {
    closeRef.current?.focus();
    const overflow = document.body.style.overflow;
    const overscroll = document.documentElement.style.overscrollBehavior;
    document.body.style.overflow = 'hidden';
    // No overscroll gestures (history swipe, pull to refresh) on the page while the viewer is open.
    document.documentElement.style.overscrollBehavior = 'none';
    return () => {
      document.body.style.overflow = overflow;
      document.documentElement.style.overscrollBehavior = overscroll;
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.target as HTMLElement | null)?.closest('textarea, input')) return;
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowRight' && next) onNavigate(next.id);
      else if (event.key === 'ArrowLeft' && previous) onNavigate(previous.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, previous, onClose, onNavigate]);

  // One finger only: a pinch is the browser's zoom, never a swipe.
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches.length === 1 ? event.touches[0] : undefined;
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (!start.current || !touch) return;
    const dx = touch.clientX - start.current.x;
    const dy = touch.clientY - start.current.y;
    start.current = null;
    const gesture = swipeOf(dx, dy);
    if (gesture === 'previous' && previous) onNavigate(previous.id);
    else if (gesture === 'next' && next) onNavigate(next.id);
    else if (gesture === 'close') onClose();
  };

  const arrow =
    'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white hover:bg-black/65 focus-visible:outline-2 focus-visible:outline-white';
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t('viewer.title', { name: photo.originalName })}
      data-testid="photo-viewer"
      className="fixed inset-0 z-50 flex flex-col overscroll-none bg-black lg:flex-row"
    >
      {/* The photo takes no pan from the browser (pinch-zoom only): otherwise a swipe right from near
          the edge is the browser's own "back", which pops the viewer's history entry and closes it. */}
      <div
        data-testid="viewer-stage"
        className="relative flex min-h-0 flex-1 touch-pinch-zoom items-center justify-center"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => (start.current = null)}
      >
        <ViewerMedia photo={photo} />
        <div className="absolute top-2 right-2 flex gap-2">
          {saving && <ViewerSave albumId={albumId} photo={photo} saving={saving} />}
          <button
            ref={closeRef}
            type="button"
            data-testid="viewer-close"
            aria-label={t('viewer.close')}
            onClick={onClose}
            className="flex size-11 items-center justify-center rounded-full bg-black/45 text-white hover:bg-black/65 focus-visible:outline-2 focus-visible:outline-white"
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
        <p
          className="absolute top-4 left-4 rounded-full bg-black/45 px-3 py-1 text-sm text-white"
          data-testid="viewer-position"
        >
          {t('viewer.position', { index: index + 1, total: Math.max(total, photos.length) })}
        </p>
        {previous && (
          <button
            type="button"
            data-testid="viewer-previous"
            aria-label={t('viewer.previous')}
            onClick={() => onNavigate(previous.id)}
            className={`${arrow} left-2`}
          >
            <ChevronLeft aria-hidden className="size-6" />
          </button>
        )}
        {next && (
          <button
            type="button"
            data-testid="viewer-next"
            aria-label={t('viewer.next')}
            onClick={() => onNavigate(next.id)}
            className={`${arrow} right-2`}
          >
            <ChevronRight aria-hidden className="size-6" />
          </button>
        )}
      </div>
      <div className="max-h-[45dvh] shrink-0 overflow-y-auto bg-paper lg:max-h-none lg:w-96">
        <ViewerDetails albumId={albumId} photo={photo} session={session} join={join} />
      </div>
    </div>
  );
}
