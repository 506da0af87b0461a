/** An event date (YYYY-MM-DD) in the long form of the interface language, or '' when unset. */
export function formatLongDate(date: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // A calendar date: built in local time so no time zone moves it to the previous day.
  const value = new Date(year, month - 1, day);
  return value.toLocaleDateString(language.startsWith('en') ? 'en-US' : 'es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
