import { ErrorCode } from '@momentos/contract/errors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowUp, Camera, MonitorPlay } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AlbumHeader } from '@/components/album-design/album-header';
import { AlbumStory } from '@/components/album-design/album-story';
import { buttonClass } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { guestAlbumQuery } from '@/lib/guest-album-query';
import { joinAlbum } from '@/lib/join-album';
import { track } from '@/lib/tracking/tracking';
import type { GuestAlbumSession } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AlbumGuestbook } from '@/features/guestbook';
import { UploadQueueBanner } from '@/features/guest-upload';
import { albumKeys } from '../api/album-api';
import { useAlbumLive } from '../hooks/use-album-live';
import { useAlbumPhotos } from '../hooks/use-album-photos';
import { useAlbumSession } from '../hooks/use-album-session';
import { AlbumError, EmptyAlbum, GridSkeleton } from './album-states';
import { CodeForm } from './code-form';
import { PhotoGrid } from './photo-grid';
import { PhotoViewer } from './photo-viewer';
import { SectionFilter } from './section-filter';

/** /album/{id}: the guests' shared album (spec 001 §2), live, with its full-screen viewer. */
export function AlbumPage() {
  const { id = '' } = useParams();
  const { session, setSession } = useAlbumSession(id);
  if (!session) return <CodeForm albumId={id} onValid={(accessCode) => setSession({ accessCode })} />;
  return <SharedAlbum key={session.accessCode} albumId={id} session={session} setSession={setSession} />;
}

function SharedAlbum({
  albumId,
  session,
  setSession,
}: {
  albumId: string;
  session: GuestAlbumSession;
  setSession: (next: GuestAlbumSession | null) => void;
}) {
  // The header's texts are the guest page's: both namespaces load together.
  const { t } = useTranslation(['album', 'guest']);
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const album = useQuery(guestAlbumQuery(session.accessCode));
  // The section filter lives in the URL, so the viewer, a reload and Back keep it.
  const sectionId = searchParams.get('section') ?? undefined;
  const photos = useAlbumPhotos(albumId, session, sectionId);
  const showSection = useCallback(
    (next: string | undefined) =>
      setSearchParams((params) => (next ? params.set('section', next) : params.delete('section'), params), {
        replace: true,
      }),
    [setSearchParams],
  );
  const [newCount, setNewCount] = useState(0);
  useDocumentTitle(album.data?.name ?? t('title'));
  // One view per opening of the album: the host's advanced analytics count these.
  useEffect(() => track('album_view', { albumId }), [albumId]);

  const refresh = useRef<number | undefined>(undefined);
  const refetchSoon = useCallback(() => {
    window.clearTimeout(refresh.current);
    refresh.current = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: albumKeys.photos(albumId) }),
      250,
    );
  }, [albumId, queryClient]);
  useAlbumLive(albumId, session.accessCode, {
    onPhoto: () => {
      if (window.scrollY > 240) setNewCount((count) => count + 1);
      refetchSoon();
    },
    // The copy's state changed: the list brings the tile's badge and the open viewer's player up to date.
    onVideo: refetchSoon,
    onReconnect: refetchSoon,
  });
  useEffect(() => {
    const onScroll = () => window.scrollY < 80 && setNewCount(0);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = photos;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const openId = searchParams.get('photo');
  const openIndex = openId ? photos.photos.findIndex((photo) => photo.id === openId) : -1;
  // A link to a photo further down the album loads pages until it is found; a photo that is
  // gone (or was never there) simply leaves the grid open.
  const isListed = photos.isSuccess;
  useEffect(() => {
    if (!openId || openIndex >= 0 || !isListed) return;
    if (hasNextPage) loadMore();
    else setSearchParams((params) => (params.delete('photo'), params), { replace: true });
  }, [openId, openIndex, isListed, hasNextPage, loadMore, setSearchParams]);

  const openPhoto = (photoId: string) => {
    const params = new URLSearchParams(searchParams);
    params.set('photo', photoId);
    void navigate({ search: params.toString() }, { state: { viewerFromGrid: true } });
  };
  const showPhoto = (photoId: string) =>
    setSearchParams((params) => (params.set('photo', photoId), params), {
      replace: true,
      state: location.state as unknown,
    });
  const closeViewer = () => {
    if ((location.state as { viewerFromGrid?: boolean } | null)?.viewerFromGrid) return void navigate(-1);
    setSearchParams((params) => (params.delete('photo'), params), { replace: true });
  };
  const join = async (name: string) => {
    const guestToken = await joinAlbum(albumId, name, session.accessCode);
    setSession({ ...session, guestToken, name });
    return guestToken;
  };

  const wrongCode = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404);
  const codeChanged = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.ALBUM_CODE_CHANGED;
  if (codeChanged(album.error) || codeChanged(photos.error)) {
    return <AlbumError text={t('error.codeChanged')} onRetry={() => setSession(null)} />;
  }
  if ((album.data && album.data.id !== albumId) || wrongCode(album.error) || wrongCode(photos.error)) {
    return <AlbumError text={t('error.wrongCode')} onRetry={() => setSession(null)} />;
  }
  const uploadHref = `/guest/${session.accessCode}`;

  let body;
  if (photos.isPending) body = <GridSkeleton />;
  else if (photos.isError)
    body = (
      <AlbumError text={describeError(tCommon, photos.error, t('error.load'))} onRetry={() => void photos.refetch()} />
    );
  else if (photos.photos.length === 0)
    body = (
      <EmptyAlbum
        uploadHref={album.data?.uploadsOpen === false ? undefined : uploadHref}
        inSection={sectionId !== undefined}
      />
    );
  else
    body = <PhotoGrid photos={photos.photos} hasMore={Boolean(hasNextPage)} onLoadMore={loadMore} onOpen={openPhoto} />;

  return (
    <div className="flex w-full flex-1 flex-col pb-8">
      <div className="mx-auto w-full max-w-6xl px-4 pt-5 sm:px-6">
        {album.data ? (
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <AlbumHeader album={album.data} idPrefix="album" />
            <AlbumStory album={album.data} idPrefix="album" collapsible />
          </div>
        ) : (
          <div aria-hidden className="h-40 animate-pulse rounded-3xl bg-ink/8 motion-reduce:animate-none" />
        )}
      </div>
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <UploadQueueBanner albumId={albumId} accessCode={session.accessCode} onInAlbum={refetchSoon} />
      </div>
      <AlbumGuestbook
        albumId={albumId}
        accessCode={session.accessCode}
        join={join}
        canWrite={album.data?.uploadsOpen === true}
      />
      <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6 empty:hidden">
        <SectionFilter albumId={albumId} session={session} value={sectionId} onChange={showSection} />
      </div>
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 pt-5 pb-4 sm:px-6">
        <p data-testid="album-count" className="text-sm font-medium text-ink-soft">
          {photos.isSuccess ? t('header.count', { count: photos.totalCount }) : '\u00a0'}
        </p>
        <div className="flex gap-2">
          <Link
            to={`/album/${albumId}/slideshow${sectionId ? `?section=${encodeURIComponent(sectionId)}` : ''}`}
            className={buttonClass('secondary', 'icon')}
            aria-label={t('header.slideshow')}
            title={t('header.slideshow')}
            data-testid="album-slideshow-link"
          >
            <MonitorPlay aria-hidden className="size-5" />
          </Link>
          {album.data?.uploadsOpen !== false && !(photos.isSuccess && photos.photos.length === 0) && (
            <Link to={uploadHref} className={buttonClass('primary', 'md')} data-testid="album-upload-link">
              <Camera aria-hidden className="size-5" />
              {t('header.upload')}
            </Link>
          )}
        </div>
      </div>
      {body}
      {photos.isFetchingNextPage && <p className="py-4 text-center text-sm text-ink-soft">{t('grid.loadingMore')}</p>}
      {newCount > 0 && (
        <button
          type="button"
          data-testid="album-new-photos"
          onClick={() =>
            window.scrollTo({
              top: 0,
              behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
            })
          }
          className="fixed top-20 left-1/2 z-40 flex min-h-11 -translate-x-1/2 items-center gap-2 rounded-full bg-ink px-4 text-sm font-semibold text-paper shadow-lift"
        >
          <ArrowUp aria-hidden className="size-4" />
          {t('grid.newPhotos', { count: newCount })}
        </button>
      )}
      {openIndex >= 0 && (
        <PhotoViewer
          albumId={albumId}
          photos={photos.photos}
          index={openIndex}
          total={photos.totalCount}
          session={session}
          join={join}
          onNavigate={showPhoto}
          saving={album.data?.guestDownloads ? { albumName: album.data.name, accessCode: session.accessCode } : null}
          onClose={closeViewer}
          onNearEnd={loadMore}
        />
      )}
    </div>
  );
}
