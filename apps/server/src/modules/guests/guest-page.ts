import { albumFontFamily, formatEventDate } from '@momentos/contract/album-display';
import { escapeHtml } from '../../platform/http/escape-html.js';
import type { PageFill } from '../../platform/http/spa.js';
import type { GuestsService } from './guests.service.js';

// Markers in the built index.html (apps/web/first-paint/shell.html).
const HEADER = /<!--album-header-->([\s\S]*?)<!--\/album-header-->/;
const DATE = /<!--album-date-->([\s\S]*?)<!--\/album-date-->/;
const LOADING = /<!--album-loading-->[\s\S]*?<!--\/album-loading-->/;
const UPLOAD_FORM = /<!--upload-form-->[\s\S]*?<!--\/upload-form-->/;

type GuestAlbumView = Awaited<ReturnType<GuestsService['findByCode']>>;

/**
 * The guest page with its album's header already drawn (name in the host's font, date in both
 * languages, the shell's CSS showing the visitor's) and the album itself as a JSON data block,
 * which the app's router puts into its query cache instead of asking the API again.
 */
export function withAlbumHeader(html: string, accessCode: string, album: GuestAlbumView): string {
  const template = HEADER.exec(html)?.[1];
  if (!template) return html;
  const dates = { es: formatEventDate(album.eventDate, 'es'), en: formatEventDate(album.eventDate, 'en') };
  const header = template
    .replace(DATE, (_, date: string) => (dates.es ? date : ''))
    .replace('%ALBUM_FONT%', () => escapeHtml(albumFontFamily(album.fontFamily) ?? 'inherit'))
    .replace('%ALBUM_NAME%', () => escapeHtml(album.name))
    .replace('%ALBUM_DATE_ES%', () => escapeHtml(dates.es))
    .replace('%ALBUM_DATE_EN%', () => escapeHtml(dates.en));
  // `<` escaped, so no name can close the script element early.
  const data = JSON.stringify({ accessCode, album }).replace(/</g, '\\u003c');
  // A closed album gets no upload form: its skeleton would turn into the app's "closed" notice.
  const page = album.uploadsOpen ? html : html.replace(UPLOAD_FORM, '');
  return page
    .replace(HEADER, () => header)
    .replace(LOADING, '')
    .replace('</body>', () => `<script type="application/json" id="guest-album-data">${data}</script></body>`);
}

/**
 * /guest/{code}: the page a guest opens from the QR code, often on a venue's weak signal. Its first
 * paint shows the album's name before any JavaScript has run. The look-up is the API's own (same
 * per-address rate limit, same cache); an unknown code or a refused look-up leaves the page as it
 * is, and the app then asks the API and says why.
 */
export function guestPageFill(guests: GuestsService): PageFill {
  return {
    pattern: /^\/guest\/(\d{6})\/?$/,
    template: HEADER,
    async fill(request, match) {
      const accessCode = match[1]!;
      const album = await guests.findByCode(accessCode, request.ip).catch(() => undefined);
      return album && ((html: string) => withAlbumHeader(html, accessCode, album));
    },
  };
}
