import { albumFontFamily, albumWebFont, formatEventDate } from '@momentos/contract/album-display';
import { escapeHtml } from '../../platform/http/escape-html.js';
import type { PageFill } from '../../platform/http/spa.js';
import type { AlbumCodeGate } from './album-code-gate.js';
import { guestAlbumView } from './guest-album-view.js';

// Markers in the built index.html (apps/web/first-paint/shell.html).
const HEADER = /<!--album-header-->([\s\S]*?)<!--\/album-header-->/;
const LOADING = /<!--album-loading-->[\s\S]*?<!--\/album-loading-->/;
const UPLOAD_FORM = /<!--upload-form-->[\s\S]*?<!--\/upload-form-->/;
// The header's optional parts, each kept only when the album has a value for it.
const PART = /<!--album-(cover|date|place|music-audio|music-link|music-text)-->([\s\S]*?)<!--\/album-\1-->/g;
const PLACEHOLDER = /%ALBUM_([A-Z_]+)%/g;
// Every album web font's @font-face rules, one <style data-album-font="{family}"> each (first-paint-plugin.ts).
const FONT_FACES = /<!--album-fonts-->([\s\S]*?)<!--\/album-fonts-->/;
const FONT_STYLE = /<style data-album-font="([^"]*)">[\s\S]*?<\/style>/g;

type GuestAlbumView = ReturnType<typeof guestAlbumView>;

/** The header as the app's AlbumHeader draws it, from the shell's template. Every value from the host is escaped. */
function drawHeader(template: string, album: GuestAlbumView): string {
  const dates = { es: formatEventDate(album.eventDate, 'es'), en: formatEventDate(album.eventDate, 'en') };
  const shown: Record<string, boolean> = {
    cover: Boolean(album.coverImageUrl),
    date: Boolean(dates.es),
    place: Boolean(album.location.trim()),
    'music-audio': album.music.kind === 'audio',
    'music-link': album.music.kind === 'link',
    'music-text': album.music.kind === 'text',
  };
  const values: Record<string, string> = {
    COVER: album.coverImageUrl ?? '',
    FONT: albumFontFamily(album.fontFamily) ?? 'inherit',
    NAME: album.name,
    DATE_ES: dates.es,
    DATE_EN: dates.en,
    PLACE: album.location,
    MUSIC_TEXT: album.music.kind === 'text' ? album.music.text : '',
  };
  // One pass over the template's placeholders: a host's text that reads like one stays as written.
  return template
    .replace(PART, (_, part: string, markup: string) => (shown[part] ? markup : ''))
    .replace(PLACEHOLDER, (placeholder: string, key: string) =>
      key in values ? escapeHtml(values[key]!) : placeholder,
    );
}

/**
 * The guest page with its album's header already drawn (cover, name in the host's font, date in
 * both languages, the shell's CSS showing the visitor's, place and music) and the album itself as
 * a JSON data block, which the app's router puts into its query cache instead of asking the API again.
 */
export function withAlbumHeader(html: string, accessCode: string, album: GuestAlbumView): string {
  const template = HEADER.exec(html)?.[1];
  if (!template) return html;
  const header = drawHeader(template.replace(FONT_FACES, ''), album);
  // The album's font faces go into the head, where the app finds them (album-fonts.ts) and its
  // render does not remove them: the first paint draws the name in the same font as the app.
  const webFont = albumWebFont(album.fontFamily);
  const styles = [...(FONT_FACES.exec(template)?.[1] ?? '').matchAll(FONT_STYLE)];
  const faces = styles.find((style) => webFont && style[1] === escapeHtml(webFont))?.[0] ?? '';
  // `<` escaped, so no name can close the script element early.
  const data = JSON.stringify({ accessCode, album }).replace(/</g, '\\u003c');
  // A closed album gets no upload form: its skeleton would turn into the app's "closed" notice.
  const page = album.uploadsOpen ? html : html.replace(UPLOAD_FORM, '');
  return page
    .replace('</head>', () => `${faces}</head>`)
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
export function guestPageFill(codeGate: AlbumCodeGate): PageFill {
  return {
    pattern: /^\/guest\/(\d{6})\/?$/,
    template: HEADER,
    async fill(request, match) {
      const accessCode = match[1]!;
      const found = await codeGate.verify({ code: accessCode, clientIp: request.ip }).catch(() => undefined);
      return found && ((html: string) => withAlbumHeader(html, accessCode, guestAlbumView(found)));
    },
  };
}
