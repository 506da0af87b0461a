import { describe, expect, it } from 'vitest';
import { albumFontFamily, formatEventDate } from './album-display';

describe('album display', () => {
  it('writes the event date with its weekday in Spanish and English', () => {
    expect(formatEventDate('2027-06-12', 'es')).toBe('Sábado, 12 de junio de 2027');
    expect(formatEventDate('2027-06-12', 'en')).toBe('Saturday, June 12, 2027');
    expect(formatEventDate('', 'es')).toBe('');
    expect(formatEventDate('12/06/2027', 'es')).toBe('');
    expect(formatEventDate('2027-02-30', 'es')).toBe('');
  });

  it('names every weekday and month as Intl does', () => {
    for (let day = 0; day < 400; day += 3) {
      const date = new Date(Date.UTC(2026, 0, 1 + day));
      const iso = date.toISOString().slice(0, 10);
      const options = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
      const spanish = new Intl.DateTimeFormat('es-ES', options).format(date);
      expect(formatEventDate(iso, 'es')).toBe(spanish.charAt(0).toUpperCase() + spanish.slice(1));
      expect(formatEventDate(iso, 'en')).toBe(new Intl.DateTimeFormat('en-US', options).format(date));
    }
  });

  it("uses the host's font with its generic family as fallback", () => {
    expect(albumFontFamily('Georgia')).toBe('"Georgia", serif');
    expect(albumFontFamily('Courier New')).toBe('"Courier New", monospace');
    expect(albumFontFamily('Century Gothic')).toBe('"Century Gothic", sans-serif');
    expect(albumFontFamily('')).toBeUndefined();
  });
});
