import { describe, expect, it } from 'vitest';
import { albumFontFamily, albumWebFont, formatEventDate } from './album-display';

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

  it("uses the host's font's web font, then the font itself, then its generic family", () => {
    expect(albumFontFamily('Georgia')).toBe('"Gelasio", "Georgia", serif');
    expect(albumFontFamily('Courier New')).toBe('"Cousine", "Courier New", monospace');
    expect(albumFontFamily('century gothic')).toBe('"Didact Gothic", "century gothic", sans-serif');
    expect(albumFontFamily('Roboto')).toBe('"Roboto", sans-serif');
    expect(albumFontFamily('')).toBeUndefined();
  });

  it('has a web font for each of the 15 fonts', () => {
    const fonts = [
      'Arial',
      'Times New Roman',
      'Calibri',
      'Helvetica',
      'Verdana',
      'Georgia',
      'Courier New',
      'Tahoma',
      'Trebuchet MS',
      'Comic Sans MS',
      'Impact',
      'Lucida Sans',
      'Palatino Linotype',
      'Book Antiqua',
      'Century Gothic',
    ];
    for (const font of fonts) expect(albumWebFont(font), font).toBeTruthy();
    // Only the clones share one: the other 13 look like themselves, not like each other.
    expect(new Set(fonts.map(albumWebFont)).size).toBe(13);
  });
});
