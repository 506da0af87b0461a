import { describe, expect, it } from 'vitest';
import { ZMultiLineText, ZSingleLineText } from './common.js';

const char = (code: number) => String.fromCodePoint(code);
const accepts = (schema: typeof ZSingleLineText, code: number) => schema.safeParse(`a${char(code)}b`).success;

describe('text fields', () => {
  it('refuse every C0 and C1 control character and DEL in one-line text, and nothing next to them', () => {
    for (let code = 0x00; code <= 0x1f; code++)
      expect(accepts(ZSingleLineText, code), `U+${code.toString(16)}`).toBe(false);
    for (let code = 0x7f; code <= 0x9f; code++)
      expect(accepts(ZSingleLineText, code), `U+${code.toString(16)}`).toBe(false);
    for (const code of [0x20, 0x7e, 0xa0, 0xe9, 0x2028, 0x1f389])
      expect(accepts(ZSingleLineText, code), `U+${code.toString(16)}`).toBe(true);
  });

  it('keep line breaks and tabs in multi-line text, and refuse the other control characters', () => {
    for (const code of [0x09, 0x0a, 0x0d, 0x20, 0xa0])
      expect(accepts(ZMultiLineText, code), `U+${code.toString(16)}`).toBe(true);
    for (const code of [0x00, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f, 0x85, 0x9f]) {
      expect(accepts(ZMultiLineText, code), `U+${code.toString(16)}`).toBe(false);
    }
  });

  it('chain with the field’s own rules, checking the text as sent', () => {
    const name = ZSingleLineText.trim().min(1).max(5);
    expect(name.parse('  Ana  ')).toBe('Ana');
    expect(name.safeParse('Ana\n').success).toBe(false);
  });
});
