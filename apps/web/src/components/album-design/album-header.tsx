import { formatEventDate } from '@momentos/contract/album-display';
import { CalendarDays, MapPin } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import type { GuestAlbum } from '@/lib/guest-album-query';
import { AlbumMusic } from './album-music';

interface Props {
  album: GuestAlbum;
  /** `guest-album` on the guest page, `album` on the shared album: the test ids' prefix. */
  idPrefix: string;
  eyebrow?: ReactNode;
  /** Below the music: the guest page's closing notice. */
  children?: ReactNode;
}

/**
 * The album as the host designed it (PRODUCT.md, "What guests see of the host's work"): the cover
 * as a banner, the name in the host's font, the date with its weekday, the place and the music.
 * Kept short, so a phone shows the guest page's upload form right under it; the welcome text and
 * the itinerary are AlbumStory's. The server draws the same header into the guest page's first
 * paint (apps/server/src/modules/albums/guest-page.ts, apps/web/first-paint/shell.html).
 */
export function AlbumHeader({ album, idPrefix, eyebrow, children }: Props) {
  const { i18n } = useTranslation();
  const fontFamily = useAlbumFont(album.fontFamily);
  const date = formatEventDate(album.eventDate, i18n.resolvedLanguage ?? i18n.language);
  const [coverFailed, setCoverFailed] = useState(false);
  const cover = album.coverImageUrl && !coverFailed ? album.coverImageUrl : null;
  return (
    <header
      data-testid={`${idPrefix}-header`}
      className="overflow-hidden rounded-3xl bg-gradient-to-br from-rose-50 via-white to-gold-100 text-center shadow-soft"
    >
      {cover && (
        // Decorative: the name below says what the album is. A fixed height, so nothing moves when it arrives.
        <img
          data-testid={`${idPrefix}-cover`}
          src={cover}
          alt=""
          fetchPriority="high"
          onError={() => setCoverFailed(true)}
          className="h-36 w-full bg-rose-100 object-cover sm:h-52"
        />
      )}
      <div className="px-5 py-5 sm:px-8 sm:py-7">
        {eyebrow}
        <h1
          data-testid={`${idPrefix}-name`}
          className="mt-2 text-3xl leading-tight font-semibold break-words text-ink first:mt-0 sm:text-4xl"
          // A font with no bold (Impact's Anton) stays as drawn rather than smeared by a fake bold.
          style={{ fontFamily, fontSynthesisWeight: 'none' }}
        >
          {album.name}
        </h1>
        <div className="mt-2 flex flex-col items-center gap-1 text-sm text-ink-soft">
          {date && (
            <p data-testid={`${idPrefix}-date`} className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4 shrink-0" />
              <time dateTime={album.eventDate}>{date}</time>
            </p>
          )}
          {album.location && (
            <p data-testid={`${idPrefix}-place`} className="inline-flex max-w-full items-start gap-1.5 break-words">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0">{album.location}</span>
            </p>
          )}
        </div>
        <AlbumMusic music={album.music} idPrefix={idPrefix} />
        {children}
      </div>
    </header>
  );
}
