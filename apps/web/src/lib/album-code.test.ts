import { describe, expect, it } from 'vitest';
import { parseAlbumCode } from './album-code';

describe('parseAlbumCode', () => {
  it('takes the 6 digits as a guest was told them: together, with a space, a dash or a dot', () => {
    expect(parseAlbumCode('482913')).toBe('482913');
    expect(parseAlbumCode('482 913')).toBe('482913');
    expect(parseAlbumCode('482-913')).toBe('482913');
    expect(parseAlbumCode('482.913')).toBe('482913');
    expect(parseAlbumCode('  48 29 13 ')).toBe('482913');
    // A phone's keyboard may insert a non-breaking space or an en dash.
    expect(parseAlbumCode('482\u00a0913')).toBe('482913');
    expect(parseAlbumCode('482\u2013913')).toBe('482913');
  });

  it('takes the code out of a pasted guest link', () => {
    expect(parseAlbumCode('https://momentos.example/guest/482913')).toBe('482913');
    expect(parseAlbumCode('momentos.example/guest/482913?x=1')).toBe('482913');
  });

  it('refuses anything that is not exactly 6 digits', () => {
    expect(parseAlbumCode('')).toBeNull();
    expect(parseAlbumCode('   ')).toBeNull();
    expect(parseAlbumCode('48291')).toBeNull();
    expect(parseAlbumCode('4829134')).toBeNull();
    expect(parseAlbumCode('48a913')).toBeNull();
    expect(parseAlbumCode('482/913')).toBeNull();
    // Digits of other scripts are not what the address takes.
    expect(parseAlbumCode('٤٨٢٩١٣')).toBeNull();
    expect(parseAlbumCode('https://momentos.example/guest/48291')).toBeNull();
  });
});
