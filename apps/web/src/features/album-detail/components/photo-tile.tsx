import type { OwnerPhoto } from '@momentos/contract';
import { clsx } from 'clsx';
import { Check, Heart, MessageCircle, Play } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { PhotoActions } from './photo-actions';
import { PlaybackBadge } from './playback-badge';

export function StateBadge({ state }: { state: OwnerPhoto['state'] }) {
  const { t } = useTranslation('albumDetail');
  if (state === 'approved') return null;
  return (
    <span
      data-testid="photo-state"
      data-state={state}
      className={clsx(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        state === 'pending' ? 'bg-gold-100 text-gold-800' : 'bg-ink/80 text-white',
      )}
    >
      {t(`photos.state.${state}`)}
    </span>
  );
}

/** The tile's part in the host's selection: a tap chooses the photo instead of opening it. */
export interface TileSelection {
  selected: boolean;
  onToggle: () => void;
}

/** A photo with its date, like and comment counts, state and moderation controls; or, while selecting, a choice. */
export function PhotoTile({
  albumId,
  photo,
  onOpen,
  selection,
}: {
  albumId: string;
  photo: OwnerPhoto;
  onOpen: () => void;
  selection?: TileSelection;
}) {
  const { t, i18n } = useTranslation('albumDetail');
  const playbackId = useId();
  const hasPlaybackBadge = photo.playback !== null && photo.playback.state !== 'ready';
  const selected = selection?.selected === true;
  return (
    <li
      data-testid="photo-tile"
      data-photo-id={photo.id}
      data-state={photo.state}
      data-selected={selection ? selected : undefined}
      className={clsx(
        'overflow-hidden rounded-xl border bg-white transition-shadow',
        selected ? 'border-rose-700 ring-3 ring-rose-700' : 'border-ink/10',
      )}
    >
      <button
        type="button"
        onClick={selection ? selection.onToggle : onOpen}
        className="relative block aspect-square w-full bg-paper-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
        {...(selection
          ? {
              role: 'checkbox',
              'aria-checked': selected,
              'aria-label': t('selection.choose', { name: photo.originalName }),
            }
          : { 'aria-label': t('photos.open', { name: photo.originalName }) })}
        aria-describedby={hasPlaybackBadge ? playbackId : undefined}
      >
        <img
          src={photo.thumbnail}
          alt=""
          loading="lazy"
          className={clsx('size-full object-cover', photo.state === 'hidden' && 'opacity-40 grayscale')}
        />
        <span className="absolute top-2 left-2 flex gap-1">
          <StateBadge state={photo.state} />
        </span>
        {selection ? (
          <span
            aria-hidden
            data-testid="photo-check"
            className={clsx(
              'absolute top-2 right-2 flex size-7 items-center justify-center rounded-full border-2 shadow-soft transition',
              selected ? 'border-rose-700 bg-rose-700 text-white' : 'border-white bg-ink/30 text-transparent',
            )}
          >
            <Check className="size-4" strokeWidth={3} />
          </span>
        ) : (
          photo.kind === 'video' && (
            <Play aria-hidden className="absolute top-2 right-2 size-5 text-white drop-shadow" />
          )
        )}
        <span className="absolute right-2 bottom-2 left-2">
          <PlaybackBadge id={playbackId} playback={photo.playback} />
        </span>
      </button>
      <div className="p-2">
        <div className="flex items-center justify-between gap-2 text-xs text-ink-soft">
          <span data-testid="photo-date">{formatDate(photo.fecha, i18n.language)}</span>
          <span className="flex items-center gap-2 tabular-nums">
            <span
              className="inline-flex items-center gap-0.5"
              aria-label={t('photos.likes', { count: photo.likes.length })}
            >
              <Heart aria-hidden className="size-3.5" />
              {photo.likes.length}
            </span>
            <span
              className="inline-flex items-center gap-0.5"
              aria-label={t('photos.comments', { count: photo.comentarios.length })}
            >
              <MessageCircle aria-hidden className="size-3.5" />
              {photo.comentarios.length}
            </span>
          </span>
        </div>
        {/* Kept in place while selecting, so the grid does not jump; the bar acts on the choice instead. */}
        <div className={clsx('mt-2', selection && 'invisible')} aria-hidden={selection ? true : undefined}>
          <PhotoActions albumId={albumId} photo={photo} />
        </div>
      </div>
    </li>
  );
}
