import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestAlbum } from '../api/guest-api';

/** How close to the end of the upload window the guest page starts saying when it ends. */
export const CLOSING_SOON_MS = 3 * 24 * 60 * 60 * 1000;

export function isClosingSoon(uploadsCloseAt: string | null, now: number): boolean {
  if (!uploadsCloseAt) return false;
  const left = Date.parse(uploadsCloseAt) - now;
  return left > 0 && left <= CLOSING_SOON_MS;
}

/**
 * In the window's last days: until when guests can still send photos, in their language and their
 * clock (PRODUCT.md, the upload window). Formatted only then: a page's first Intl date format
 * costs a phone a noticeable moment (album-display.ts).
 */
export function ClosingNotice({ album }: { album: GuestAlbum }) {
  const { t, i18n } = useTranslation('guest');
  const [now] = useState(() => Date.now());
  if (!album.uploadsOpen || !isClosingSoon(album.uploadsCloseAt, now)) return null;
  const format = { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' } as const;
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, format).format(
    new Date(album.uploadsCloseAt!),
  );
  return (
    <p
      data-testid="guest-closes-at"
      className="mx-auto mt-4 flex w-fit max-w-full items-start gap-1.5 rounded-2xl bg-gold-100 px-3 py-2 text-left text-sm font-medium text-gold-800"
    >
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 text-pretty">{t('design.closesAt', { date })}</span>
    </p>
  );
}
