import { Camera, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AlbumHeader } from '@/components/album-design/album-header';
import { AlbumStory } from '@/components/album-design/album-story';
import { describeError } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LeaveMessageEntry } from '@/features/guestbook';
import { isCodeChanged, isNotFound, useFollowedCode, useGuestAlbum, type GuestAlbum } from '../api/guest-api';
import { AlbumLink } from './album-link';
import { ClosingNotice } from './closing-notice';
import { GuestCodeChanged, GuestColumn, GuestLoadError, GuestLoading, GuestNotFound } from './guest-states';
import { UploadForm } from './upload-form';

function UploadsClosed({ album, accessCode }: { album: GuestAlbum; accessCode: string }) {
  const { t } = useTranslation('guest');
  return (
    <div
      data-testid="guest-closed"
      className="flex flex-col gap-5 rounded-3xl border border-ink/10 bg-white p-6 text-center shadow-soft sm:p-8"
    >
      <span
        aria-hidden
        className="mx-auto flex size-12 items-center justify-center rounded-full bg-gold-100 text-gold-800"
      >
        <Lock className="size-6" />
      </span>
      <div>
        <h2 className="text-xl font-semibold text-ink">{t('closed.title')}</h2>
        <p className="mt-2 text-ink-soft">{t('closed.text')}</p>
      </div>
      <AlbumLink albumId={album.id} accessCode={accessCode} prominent />
    </div>
  );
}

/**
 * /guest/{accessCode} (spec 001 §2): a guest names themself and sends photos, no account. Read in
 * three seconds on a phone (DESIGN.md): the host's album header, kept short, then the form; the
 * welcome text and the itinerary below it.
 */
export function GuestUploadPage() {
  const { accessCode = '' } = useParams();
  const { t } = useTranslation('guest');
  const { t: tCommon } = useTranslation();
  const album = useGuestAlbum(accessCode);
  const notFound = album.isError && isNotFound(album.error);
  const codeChanged = album.isError && isCodeChanged(album.error);
  const followed = useFollowedCode(accessCode, codeChanged);
  const stateTitle = notFound ? t('notFound.title') : codeChanged ? t('codeChanged.title') : t('title');
  useDocumentTitle(album.data ? t('documentTitle', { album: album.data.name }) : stateTitle);

  if (album.isPending) return <GuestLoading />;
  if (notFound) return <GuestNotFound />;
  if (codeChanged && followed.isPending) return <GuestLoading />;
  if (codeChanged && followed.data) return <Navigate to={`/guest/${followed.data}`} replace />;
  if (codeChanged) return <GuestCodeChanged />;
  if (album.isError)
    return <GuestLoadError message={describeError(tCommon, album.error)} onRetry={() => void album.refetch()} />;

  return (
    <GuestColumn testId="guest-upload-page">
      <AlbumHeader
        album={album.data}
        idPrefix="guest-album"
        eyebrow={
          <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-rose-700 uppercase">
            <Camera aria-hidden className="size-4" />
            {t('header.eyebrow')}
          </p>
        }
      >
        <ClosingNotice album={album.data} />
      </AlbumHeader>
      {album.data.uploadsOpen ? (
        <>
          <UploadForm album={album.data} accessCode={accessCode} />
          <AlbumLink albumId={album.data.id} accessCode={accessCode} />
          <LeaveMessageEntry albumId={album.data.id} accessCode={accessCode} />
        </>
      ) : (
        <UploadsClosed album={album.data} accessCode={accessCode} />
      )}
      <AlbumStory album={album.data} idPrefix="guest-album" />
    </GuestColumn>
  );
}
