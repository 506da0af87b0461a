import { clsx } from 'clsx';
import { Heart, LoaderCircle, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestPhoto } from '../api/album-api';
import { placeholderColour } from '../lib/photo-colour';
import { isProcessingVideo } from '../lib/video-playback';

/** A square thumbnail over its colour placeholder; videos carry a play badge, or "processing" until their copy is made. */
export function PhotoTile({ photo, onOpen }: { photo: GuestPhoto; onOpen: (id: string) => void }) {
  const { t } = useTranslation('album');
  const [isLoaded, setLoaded] = useState(false);
  const isProcessing = isProcessingVideo(photo);
  const label = isProcessing
    ? t('grid.openProcessingVideo', { name: photo.originalName })
    : photo.kind === 'video'
      ? t('grid.openVideo', { name: photo.originalName })
      : t('grid.openPhoto', { name: photo.originalName });
  return (
    <button
      type="button"
      data-testid="album-tile"
      data-photo-id={photo.id}
      data-kind={photo.kind}
      aria-label={label}
      onClick={() => onOpen(photo.id)}
      className="group relative block size-full overflow-hidden focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-rose-700"
      style={{ backgroundColor: placeholderColour(photo.id) }}
    >
      <img
        src={photo.thumbnailUrl}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
        className={clsx(
          'size-full object-cover transition-opacity duration-200 motion-reduce:transition-none',
          isLoaded ? 'opacity-100' : 'opacity-0',
        )}
      />
      {isProcessing ? (
        // The tile's label already says it is processing; the badge is for the eyes.
        <span aria-hidden className="absolute inset-0 flex items-center justify-center">
          <span
            data-testid="video-processing"
            className="flex items-center gap-1 rounded-full bg-black/60 px-2 py-1 text-xs font-medium text-white"
          >
            <LoaderCircle className="size-3.5 animate-spin motion-reduce:animate-none" />
            {t('grid.processing')}
          </span>
        </span>
      ) : (
        photo.kind === 'video' && (
          <span aria-hidden className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-black/55 text-white">
              <Play className="size-5 translate-x-px fill-current" />
            </span>
          </span>
        )
      )}
      {photo.likes > 0 && (
        <span
          aria-hidden
          className="absolute bottom-1 left-1 flex items-center gap-1 rounded-full bg-black/45 px-1.5 py-0.5 text-xs font-medium text-white"
        >
          <Heart className="size-3 fill-current" />
          {photo.likes}
        </span>
      )}
      {photo.status === 'pending' && (
        <span className="absolute top-1 left-1 rounded-full bg-gold-100 px-2 py-0.5 text-xs font-medium text-gold-800">
          {t('grid.pending')}
        </span>
      )}
    </button>
  );
}
