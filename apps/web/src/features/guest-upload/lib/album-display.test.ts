import { describe, expect, it } from 'vitest';
import { albumFontFamily, formatEventDate } from './album-display';

describe('album display', () => {
  it('writes the event date with its weekday in Spanish and English', () => {
    expect(formatEventDate('2027-06-12', 'es')).toBe('Sábado, 12 de junio de 2027');
    expect(formatEventDate('2027-06-12', 'en')).toBe('Saturday, June 12, 2027');
    expect(formatEventDate('', 'es')).toBe('');
    expect(formatEventDate('12/06/2027', 'es')).toBe('');
  });

  it("uses the host's font with its generic family as fallback", () => {
    expect(albumFontFamily('Georgia')).toBe('"Georgia", serif');
    expect(albumFontFamily('Courier New')).toBe('"Courier New", monospace');
    expect(albumFontFamily('Century Gothic')).toBe('"Century Gothic", sans-serif');
    expect(albumFontFamily('')).toBeUndefined();
  });
});
