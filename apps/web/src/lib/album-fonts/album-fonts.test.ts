import { describe, expect, it } from 'vitest';
import { DEFAULT_FONTS, fontFamilyFor } from './font-families';
import { hasWebFont, loadAlbumFont } from './album-fonts';

describe('album web fonts', () => {
  it('has a web font to load for each of the 15 fonts, and none for a name it does not know', () => {
    expect(DEFAULT_FONTS).toHaveLength(15);
    for (const font of DEFAULT_FONTS) expect(hasWebFont(font.name), font.name).toBe(true);
    expect(hasWebFont('Wingdings')).toBe(false);
    return expect(loadAlbumFont('Wingdings')).resolves.toBeUndefined();
  });

  it('previews each font in its web font, then itself, then its generic family', () => {
    expect(fontFamilyFor('Times New Roman')).toBe('"Tinos", "Times New Roman", serif');
    expect(fontFamilyFor('Comic Sans MS')).toBe('"Comic Neue", "Comic Sans MS", sans-serif');
    expect(fontFamilyFor('Courier New')).toBe('"Cousine", "Courier New", monospace');
    expect(fontFamilyFor('')).toBeUndefined();
  });
});
