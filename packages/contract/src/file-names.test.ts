import { describe, expect, it } from 'vitest';
import { cleanFileName, stripInvisible } from './file-names';

describe('stripInvisible', () => {
  it('removes bidi controls, zero-width characters, the BOM and every other format character, and nothing else', () => {
    const controls = [
      0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, 0x200b, 0x200c,
      0x200d, 0xfeff, 0x2060, 0x00ad, 0xe0041,
    ];
    const text = controls.map((code) => `${String.fromCodePoint(code)}x`).join('');
    expect(stripInvisible(text)).toBe('x'.repeat(controls.length));
    expect(stripInvisible('Cumpleaños de Zoë 🎉 العربية 日本')).toBe('Cumpleaños de Zoë 🎉 العربية 日本');
    expect(stripInvisible('fiesta\u202Egpj.exe')).toBe('fiestagpj.exe');
  });
});

describe('cleanFileName', () => {
  it('keeps what a person sees of a name, in one composed form, and nothing invisible', () => {
    expect(cleanFileName('cumple\u202Egpj.exe')).toBe('cumplegpj.exe');
    expect(cleanFileName(' Zoe\u0308\u200F \u2066fiesta\u2069.jpg ')).toBe('Zoë fiesta.jpg');
    expect(cleanFileName('\u202E\uFEFF ')).toBe('');
  });
});
