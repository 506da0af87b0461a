import { CalendarDays, Camera } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GuestAlbum } from '../api/guest-api';
import { albumFontFamily, formatEventDate } from '@momentos/contract/album-display';

/** The album's name in the host's font and the event date with its weekday. */
export function AlbumHeader({ album }: { album: GuestAlbum }) {
  const { t, i18n } = useTranslation('guest');
  const date = formatEventDate(album.eventDate, i18n.resolvedLanguage ?? i18n.language);
  return (
    <header className="rounded-3xl bg-gradient-to-br from-rose-50 via-white to-gold-100 px-5 py-6 text-center shadow-soft sm:px-8 sm:py-8">
      <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-rose-700 uppercase">
        <Camera aria-hidden className="size-4" />
        {t('header.eyebrow')}
      </p>
      <h1 data-testid="guest-album-name" className="mt-2 text-3xl leading-tight font-semibold break-words text-ink sm:text-4xl" style={{ fontFamily: albumFontFamily(album.fontFamily) }}>
        {album.name}
      </h1>
      {date && (
        <p data-testid="guest-album-date" className="mt-2 inline-flex items-center gap-1.5 text-sm text-ink-soft">
          <CalendarDays aria-hidden className="size-4" />
          <time dateTime={album.eventDate}>{date}</time>
        </p>
      )}
    </header>
  );
}
