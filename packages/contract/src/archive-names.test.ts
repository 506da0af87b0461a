import { describe, expect, it } from 'vitest';
import { attachmentHeader, originalFileName, safeFileStem, zipNames } from './archive-names';

describe('archive names', () => {
  it('follows the spec: {eventName}_fotos.zip and {eventName}_foto_{n}.{ext}', () => {
    const names = zipNames('Boda de Ana y Luis');
    expect(names.archive).toBe('Boda de Ana y Luis_fotos.zip');
    expect(names.entry(1, 'jpg')).toBe('Boda de Ana y Luis_foto_1.jpg');
    expect(names.entry(12, 'WEBP')).toBe('Boda de Ana y Luis_foto_12.webp');
    expect(names.entry(3, '')).toBe('Boda de Ana y Luis_foto_3.jpg');
  });

  it('makes names safe for every file system', () => {
    expect(safeFileStem('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeFileStem('  ..hidden. . ')).toBe('hidden');
    expect(safeFileStem('CON')).toBe('_CON');
    expect(safeFileStem('lpt1.txt')).toBe('_lpt1.txt');
    expect(safeFileStem('tab\there\nnewline')).toBe('tab_here_newline');
    expect(safeFileStem('')).toBe('album');
    expect(safeFileStem('///')).toBe('___');
    expect(safeFileStem('Cumpleaños de Zoë 🎉')).toBe('Cumpleaños de Zoë 🎉');
    expect(Array.from(safeFileStem('x'.repeat(300))).length).toBe(80);
  });

  it('gives the archive the same safe name the entries carry', () => {
    expect(zipNames('a/b').archive).toBe('a_b_fotos.zip');
    expect(zipNames('   ').archive).toBe('album_fotos.zip');
  });

  it('drops invisible formatting characters from ZIP names and Content-Disposition', () => {
    const invisible = ['\u202E', '\u202A', '\u2066', '\u2069', '\u200E', '\u200F'];
    invisible.push('\u200B', '\u200D', '\uFEFF', '\u061C', '\u2060', '\u00AD');
    const spoof = `Boda${invisible.join('')} de Ana\u202Egpj.exe`;
    expect(safeFileStem(spoof)).toBe('Boda de Anagpj.exe');
    const names = zipNames(spoof);
    for (const name of [names.archive, names.entry(1, 'jpg')]) {
      for (const char of invisible) expect(name).not.toContain(char);
    }
    const header = attachmentHeader('foto\u202Egpj.exe');
    expect(header).toBe(`attachment; filename="fotogpj.exe"; filename*=UTF-8''fotogpj.exe`);
    // Only invisible characters: the stem falls back rather than becoming an empty name.
    expect(safeFileStem('\u202E\u200B')).toBe('album');
  });

  it('sends an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentHeader('Cumpleaños "Zoë"_fotos.zip')).toBe(
      `attachment; filename="Cumpleanos _Zoe__fotos.zip"; filename*=UTF-8''Cumplea%C3%B1os%20%22Zo%C3%AB%22_fotos.zip`,
    );
  });

  it("ends a single original's name in the stored original's extension", () => {
    expect(originalFileName('foto.png', 'jpg')).toBe('foto.png.jpg');
    expect(originalFileName('foto', 'jpg')).toBe('foto.jpg');
    expect(originalFileName('foto.JPEG', 'jpg')).toBe('foto.JPEG');
    expect(originalFileName('clip.heif', 'heic')).toBe('clip.heif');
    expect(originalFileName('.hidden', 'png')).toBe('.hidden.png');
  });
});
