import { clsx } from 'clsx';
import { useState } from 'react';
import type { GuestPhoto } from '../api/album-api';

/** One full-screen photo that fades in over the previous one once its image has loaded. */
export function Slide({ photo, isCurrent }: { photo: GuestPhoto; isCurrent: boolean }) {
  const [isLoaded, setLoaded] = useState(false);
  return (
    <img
      src={photo.displayUrl}
      alt={isCurrent ? photo.originalName : ''}
      aria-hidden={!isCurrent}
      data-testid={isCurrent ? 'slideshow-photo' : undefined}
      data-photo-id={photo.id}
      onLoad={() => setLoaded(true)}
      className={clsx(
        'absolute inset-0 size-full object-contain transition-opacity duration-1000 ease-in-out motion-reduce:transition-none',
        isCurrent && isLoaded ? 'z-10 opacity-100' : isCurrent ? 'z-10 opacity-0' : 'z-0 opacity-100',
      )}
    />
  );
}
