// The host picks one of spec 001 §9's fonts; these are the serif and monospace ones, the rest are sans.
const SERIF = ['times new roman', 'georgia', 'palatino linotype', 'book antiqua'];
const MONO = ['courier new'];

/** A CSS font-family for the host's font, with its generic family as fallback (DESIGN.md). */
export function albumFontFamily(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return undefined;
  const key = trimmed.toLowerCase();
  const generic = SERIF.includes(key) ? 'serif' : MONO.includes(key) ? 'monospace' : 'sans-serif';
  return `"${trimmed.replace(/"/g, '')}", ${generic}`;
}

/** 'YYYY-MM-DD' as a long date with its weekday ("Sábado, 12 de junio de 2027"); '' when unset or malformed. */
export function formatEventDate(eventDate: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(eventDate)) return '';
  const date = new Date(`${eventDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  const text = new Intl.DateTimeFormat(language.startsWith('en') ? 'en-US' : 'es-ES', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Bytes as megabytes with one decimal, for size messages. */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}
