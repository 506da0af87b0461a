import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GuestPhoto } from '../api/album-api';
import { isProcessingVideo, playableVideoUrl } from '../lib/video-playback';

/**
 * The viewer's picture: the photo, a video's player, or (while the video's copy is being made) its
 * poster with a word that it will play by itself soon. The album's live stream brings the player.
 */
export function ViewerMedia({ photo }: { photo: GuestPhoto }) {
  const { t } = useTranslation('album');
  const videoUrl = playableVideoUrl(photo);
  if (isProcessingVideo(photo)) {
    return (
      <>
        <img
          key={photo.id}
          data-testid="viewer-poster"
          src={photo.displayUrl}
          alt={photo.originalName}
          draggable={false}
          className="max-h-full max-w-full object-contain opacity-60 select-none"
        />
        <div
          role="status"
          data-testid="viewer-video-processing"
          className="absolute inset-x-4 bottom-6 mx-auto flex max-w-sm items-start gap-3 rounded-2xl bg-black/75 p-4 text-white"
        >
          <LoaderCircle aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin motion-reduce:animate-none" />
          <p className="text-sm">
            <strong className="block text-base font-semibold">{t('viewer.processingTitle')}</strong>
            {t('viewer.processingText')}
          </p>
        </div>
      </>
    );
  }
  if (videoUrl) {
    const failure = photo.playback?.state === 'failed' ? (photo.playback.failure ?? 'failed') : null;
    return (
      <>
        <video
          key={photo.id}
          data-testid="viewer-video"
          src={videoUrl}
          poster={photo.displayUrl}
          controls
          playsInline
          className="max-h-full max-w-full"
        />
        {failure && (
          // Above the picture, clear of the player's controls and of the viewer's buttons.
          <p
            data-testid="viewer-video-failed"
            className="absolute inset-x-4 top-16 mx-auto max-w-md rounded-xl bg-black/60 px-3 py-2 text-center text-xs text-white/85"
          >
            {t(failure === 'no-ffmpeg' ? 'viewer.noCopyOnServer' : 'viewer.noCopy')}
          </p>
        )}
      </>
    );
  }
  return (
    <img
      key={photo.id}
      data-testid="viewer-image"
      src={photo.displayUrl}
      alt={photo.originalName}
      draggable={false}
      className="max-h-full max-w-full object-contain select-none"
    />
  );
}
