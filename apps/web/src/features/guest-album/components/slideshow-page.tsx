import { MAIN_SECTION } from '@momentos/contract/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, Maximize, Minimize } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import { guestSectionsQuery, sectionNameOf } from '@/lib/album-sections';
import type { GuestAlbumSession } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { albumKeys, fetchSlideshow, readHeaders, type GuestPhoto } from '../api/album-api';
import { useAlbumLive } from '../hooks/use-album-live';
import { useAlbumPhotos } from '../hooks/use-album-photos';
import { useAlbumSession } from '../hooks/use-album-session';
import { useIdle } from '../hooks/use-idle';
import { useSlideshowQueue } from '../hooks/use-slideshow-queue';
import { CodeForm } from './code-form';
import { JoinCard } from './join-card';
import { Slide } from './slide';

/** /album/{id}/slideshow: the album (or one section, `?section=`) on a projector or TV, advancing by itself and live. */
export function SlideshowPage() {
  const { id = '' } = useParams();
  const { session, setSession } = useAlbumSession(id);
  if (!session) return <CodeForm albumId={id} onValid={(accessCode) => setSession({ accessCode })} />;
  return <Slideshow albumId={id} session={session} />;
}

function Slideshow({ albumId, session }: { albumId: string; session: GuestAlbumSession }) {
  const { t } = useTranslation('album');
  const queryClient = useQueryClient();
  const details = useQuery({
    queryKey: albumKeys.slideshow(albumId),
    queryFn: ({ signal }) => fetchSlideshow(albumId, session.accessCode, signal),
  });
  const sectionId = useSearchParams()[0].get('section') ?? undefined;
  const sections = useQuery({ ...guestSectionsQuery(albumId, readHeaders(session)), enabled: sectionId !== undefined });
  // The main part is named only beside named sections: alone, it is the whole album.
  const sectionName =
    sectionId === MAIN_SECTION
      ? sections.data?.items.length
        ? t('sections.main')
        : undefined
      : sectionNameOf(sections.data?.items, sectionId);
  const photos = useAlbumPhotos(albumId, session, sectionId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = photos;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const queue = useSlideshowQueue(photos.photos, { hasMore: Boolean(hasNextPage), loadMore });
  const isIdle = useIdle(3000);
  const [isFullscreen, setFullscreen] = useState(false);
  useDocumentTitle(details.data ? t('slideshow.title', { name: details.data.name }) : t('slideshow.titleShort'));

  useAlbumLive(albumId, session.accessCode, {
    onPhoto: (photoId) => {
      queue.announce(photoId);
      void queryClient.invalidateQueries({ queryKey: albumKeys.photos(albumId) });
    },
    // A video whose copy is now ready is news for the room too: it shows next.
    onVideo: (photoId) => {
      queue.announce(photoId);
      void queryClient.invalidateQueries({ queryKey: albumKeys.photos(albumId) });
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: albumKeys.photos(albumId) }),
  });

  // The previous photo stays underneath while the next one fades in over it (derived during
  // render, so the outgoing photo never leaves the screen for a frame).
  const [pair, setPair] = useState<{ current?: GuestPhoto; previous?: GuestPhoto }>({});
  if (queue.current?.id !== pair.current?.id) setPair({ current: queue.current, previous: pair.current });
  const slides = [pair.previous, pair.current].filter(
    (photo, index, all): photo is GuestPhoto =>
      Boolean(photo) && all.findIndex((other) => other?.id === photo?.id) === index,
  );
  // Warm the cache with the next photo, so its fade starts on time.
  useEffect(() => {
    if (queue.next) new Image().src = queue.next.displayUrl;
  }, [queue.next]);

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => undefined,
    );

  const fontFamily = useAlbumFont(details.data?.fontFamily);
  const isEmpty = photos.isSuccess && photos.photos.length === 0;
  const control =
    'flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white';

  return (
    <div
      data-testid="slideshow"
      className={clsx('fixed inset-0 z-50 overflow-hidden bg-neutral-950 text-white', isIdle && 'cursor-none')}
    >
      {slides.map((photo) => (
        <Slide
          key={photo.id}
          photo={photo}
          isCurrent={photo.id === pair.current?.id}
          turn={queue.turn}
          onEnded={queue.advance}
        />
      ))}
      <div className="pointer-events-none absolute inset-x-0 top-0 z-20 h-40 bg-gradient-to-b from-black/70 to-transparent" />
      <div className="absolute top-0 left-0 z-30 flex w-full items-start justify-between gap-4 p-5 sm:p-8">
        {details.data && (
          <h1
            data-testid="slideshow-name"
            className="min-w-0 text-3xl leading-tight drop-shadow-lg sm:text-5xl"
            style={{ fontFamily }}
          >
            {details.data.name}
            {sectionName && (
              <span
                data-testid="slideshow-section"
                className="mt-1 block font-sans text-lg font-semibold text-white/85 sm:text-2xl"
              >
                {t('slideshow.section', { name: sectionName })}
              </span>
            )}
          </h1>
        )}
        <div
          className={clsx('flex shrink-0 gap-2 transition-opacity duration-300', isIdle ? 'opacity-0' : 'opacity-100')}
        >
          <Link
            to={`/album/${albumId}${sectionId ? `?section=${encodeURIComponent(sectionId)}` : ''}`}
            className={control}
            aria-label={t('slideshow.back')}
            title={t('slideshow.back')}
          >
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          <button
            type="button"
            data-testid="slideshow-fullscreen"
            className={control}
            onClick={toggleFullscreen}
            aria-label={isFullscreen ? t('slideshow.exitFullscreen') : t('slideshow.fullscreen')}
          >
            {isFullscreen ? <Minimize aria-hidden className="size-5" /> : <Maximize aria-hidden className="size-5" />}
          </button>
        </div>
      </div>
      {details.data &&
        (isEmpty ? (
          <div
            data-testid="slideshow-empty"
            className="absolute inset-0 z-30 flex flex-col items-center justify-center gap-6 p-6 text-center"
          >
            <p className="max-w-xl text-2xl font-semibold sm:text-4xl">{t('slideshow.emptyTitle')}</p>
            <JoinCard slideshow={details.data} size="large" />
          </div>
        ) : (
          <div className="absolute right-4 bottom-4 z-30 sm:right-8 sm:bottom-8">
            <JoinCard slideshow={details.data} size="corner" />
          </div>
        ))}
      {details.isError && (
        <p role="alert" className="absolute inset-x-0 bottom-8 z-30 text-center text-lg">
          {t('slideshow.error')}
        </p>
      )}
    </div>
  );
}
