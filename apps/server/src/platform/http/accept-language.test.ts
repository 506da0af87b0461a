import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './accept-language.js';

describe('preferredLanguage', () => {
  it('takes the first of Spanish or English in the browser’s order', () => {
    expect(preferredLanguage('en-US,en;q=0.9')).toBe('en');
    expect(preferredLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(preferredLanguage('fr-FR,fr;q=0.9,en;q=0.5,es;q=0.4')).toBe('en');
  });

  it('ranks by q value, not by position', () => {
    expect(preferredLanguage('en;q=0.3, es;q=0.8')).toBe('es');
  });

  it('answers nothing when neither language is named, or one is refused with q=0', () => {
    expect(preferredLanguage(undefined)).toBeUndefined();
    expect(preferredLanguage('*')).toBeUndefined();
    expect(preferredLanguage('de-DE, en;q=0')).toBeUndefined();
  });
});
