// How a guest sees an album's name and date: the web app's album header and the server's first
// paint of the guest page (apps/server/src/modules/guests/guest-page.ts) write them the same way.
// Free of zod, like ./constants, so either side can import it alone.

// The host picks one of spec 001 §9's fonts; these are the serif and monospace ones, the rest are sans.
const SERIF = ['times new roman', 'georgia', 'palatino linotype', 'book antiqua'];
const MONO = ['courier new'];

/**
 * The web font each of the 15 is drawn with, so that it looks the same on every phone (most have
 * none of them): Microsoft's and Adobe's originals cannot be shipped, so each is a freely licensed
 * @fontsource family, metric-compatible where one exists (Arimo, Tinos, Carlito, Cousine) and
 * otherwise the closest in shape. Helvetica shares Arial's and Book Antiqua Palatino's, as the
 * originals are clones of each other. The web app loads them (apps/web/src/lib/album-fonts).
 */
export const ALBUM_WEB_FONTS: Readonly<Record<string, string>> = {
  arial: 'Arimo',
  helvetica: 'Arimo',
  'times new roman': 'Tinos',
  calibri: 'Carlito',
  verdana: 'Open Sans',
  georgia: 'Gelasio',
  'courier new': 'Cousine',
  tahoma: 'PT Sans',
  'trebuchet ms': 'Fira Sans',
  'comic sans ms': 'Comic Neue',
  impact: 'Anton',
  'lucida sans': 'Source Sans 3',
  'palatino linotype': 'Gentium Book Plus',
  'book antiqua': 'Gentium Book Plus',
  'century gothic': 'Didact Gothic',
};

/** The web font that draws the host's font, if it is one of the 15. */
export function albumWebFont(name: string): string | undefined {
  return ALBUM_WEB_FONTS[name.trim().toLowerCase()];
}

/**
 * A CSS font-family for the host's font: its web font first (drawn alike everywhere once loaded),
 * then the font itself (while the web font loads, or where it never does), then its generic family
 * (DESIGN.md).
 */
export function albumFontFamily(name: string): string | undefined {
  const trimmed = name.trim().replace(/"/g, '');
  if (!trimmed) return undefined;
  const key = trimmed.toLowerCase();
  const generic = SERIF.includes(key) ? 'serif' : MONO.includes(key) ? 'monospace' : 'sans-serif';
  const web = albumWebFont(trimmed);
  return `${web ? `"${web}", ` : ''}"${trimmed}", ${generic}`;
}

// The guest page's one date, written from these names instead of Intl.DateTimeFormat: a page's
// first Intl date format loads the browser's locale data, measured at 130–180 ms of main thread on
// a Lighthouse phone, the largest single piece of work on the page a guest opens from the QR code.
const EVENT_DATE_NAMES = {
  es: {
    weekdays: ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
    months: [
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ],
    write: (weekday: string, day: number, month: string, year: number) => `${weekday}, ${day} de ${month} de ${year}`,
  },
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    write: (weekday: string, day: number, month: string, year: number) => `${weekday}, ${month} ${day}, ${year}`,
  },
};

/** 'YYYY-MM-DD' as a long date with its weekday ("Sábado, 12 de junio de 2027"); '' when unset or malformed. */
export function formatEventDate(eventDate: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(eventDate)) return '';
  const [year, month, day] = eventDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2027-02-30 over into March: such a date is malformed.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  const names = language.startsWith('en') ? EVENT_DATE_NAMES.en : EVENT_DATE_NAMES.es;
  return names.write(names.weekdays[date.getUTCDay()]!, day, names.months[month - 1]!, year);
}
