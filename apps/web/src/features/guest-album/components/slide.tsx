import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import type { GuestPhoto } from '../api/album-api';
import { playableVideoUrl } from '../lib/video-playback';

interface Props {
  photo: GuestPhoto;
  isCurrent: boolean;
  /** Changes each time the queue shows a slide, so a lone video plays again. */
  turn: number;
  /** A video calls it when it ends or cannot play: the slideshow moves on. */
  onEnded: () => void;
}

/**
 * One full-screen photo that fades in over the previous one once it has loaded. A video plays
 * muted (the room's music stays the host's) from the start each time it is shown.
 */
export function Slide({ photo, isCurrent, turn, onEnded }: Props) {
  const [isLoaded, setLoaded] = useState(false);
  const videoUrl = playableVideoUrl(photo);
  const className = clsx(
    'absolute inset-0 size-full object-contain transition-opacity duration-1000 ease-in-out motion-reduce:transition-none',
    isCurrent && isLoaded ? 'z-10 opacity-100' : isCurrent ? 'z-10 opacity-0' : 'z-0 opacity-100',
  );
  if (videoUrl) {
    return (
      <SlideVideo
        photo={photo}
        src={videoUrl}
        isCurrent={isCurrent}
        turn={turn}
        onEnded={onEnded}
        onLoaded={() => setLoaded(true)}
        className={className}
      />
    );
  }
  return (
    <img
      src={photo.displayUrl}
      alt={isCurrent ? photo.originalName : ''}
      aria-hidden={!isCurrent}
      data-testid={isCurrent ? 'slideshow-photo' : undefined}
      data-photo-id={photo.id}
      onLoad={() => setLoaded(true)}
      className={className}
    />
  );
}

function SlideVideo({
  photo,
  src,
  isCurrent,
  turn,
  onEnded,
  onLoaded,
  className,
}: Omit<Props, 'photo'> & { photo: GuestPhoto; src: string; onLoaded: () => void; className: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!isCurrent) return void video.pause();
    video.muted = true;
    video.currentTime = 0;
    // A browser that refuses even muted autoplay would leave the room on a still frame: move on.
    // (Other refusals, such as the element leaving the page, need nothing.)
    Promise.resolve(video.play()).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') onEnded();
    });
  }, [isCurrent, turn, onEnded]);
  const moveOn = () => isCurrent && onEnded();
  return (
    <video
      ref={ref}
      src={src}
      poster={photo.displayUrl}
      muted
      autoPlay
      playsInline
      aria-label={isCurrent ? photo.originalName : undefined}
      aria-hidden={!isCurrent}
      data-testid={isCurrent ? 'slideshow-video' : undefined}
      data-photo-id={photo.id}
      onLoadedData={onLoaded}
      onEnded={moveOn}
      onError={moveOn}
      className={className}
    />
  );
}
