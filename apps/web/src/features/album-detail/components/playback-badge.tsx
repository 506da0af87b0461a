import type { OwnerPhoto } from '@momentos/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** On the host's tile: a video whose playback copy is being made, or could not be (the dialog says why). */
export function PlaybackBadge({ id, playback }: { id: string; playback: OwnerPhoto['playback'] }) {
  const { t } = useTranslation('albumDetail');
  if (!playback || playback.state === 'ready') return null;
  return (
    <span
      id={id}
      data-testid="photo-playback"
      data-playback={playback.state}
      className={clsx(
        'inline-block rounded-xl px-2 py-0.5 text-xs leading-snug font-semibold',
        playback.state === 'processing' ? 'bg-white/90 text-ink' : 'bg-rose-50 text-rose-800',
      )}
    >
      {t(playback.state === 'processing' ? 'photos.playback.processing' : 'photos.playback.noCopy')}
    </span>
  );
}
