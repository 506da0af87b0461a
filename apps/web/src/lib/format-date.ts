/** Locale for dates in the host's screens: es-ES in Spanish (spec 001 §9), en-US in English. */
export function dateLocale(language: string | undefined): string {
  return language?.startsWith('en') ? 'en-US' : 'es-ES';
}

/**
 * A calendar date (YYYY-MM-DD) or a timestamp in the given style. Calendar dates are read as
 * local dates so they never shift by a day across time zones.
 */
export function formatDate(
  value: string | null | undefined,
  language: string | undefined,
  style: 'medium' | 'long' = 'medium',
): string {
  if (!value) return '';
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = calendar ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: style }).format(date);
}
