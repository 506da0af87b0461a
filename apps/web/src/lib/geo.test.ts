import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  detectLanguage,
  detectLanguageWithoutRequest,
  GEO_CACHE_MS,
  languageForCountry,
  languageFromBrowser,
  loadGeo,
  readCachedGeo,
} from './geo';
import { StorageKeys } from './storage';

const us = { ip: '8.8.8.8', country_code: 'US', country: 'United States', city: null };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('languageForCountry (spec 000 §9)', () => {
  it('gives English to the six English-speaking countries', () => {
    for (const code of ['US', 'GB', 'CA', 'AU', 'NZ', 'IE', 'us']) expect(languageForCountry(code)).toBe('en');
  });
  it('gives Spanish to Spain, Equatorial Guinea, Latin America and everyone else', () => {
    for (const code of ['ES', 'GQ', 'MX', 'AR', 'CO', 'FR', 'JP']) expect(languageForCountry(code)).toBe('es');
  });
  it('gives nothing without a country', () => {
    expect(languageForCountry(null)).toBeNull();
  });
});

describe('loadGeo', () => {
  it('asks the server once and keeps the answer for 7 days', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(us)));
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadGeo()).toEqual(us);
    expect(await loadGeo()).toEqual(us);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readCachedGeo(Date.now() + GEO_CACHE_MS + 1)).toBeNull();
  });

  it('answers null when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await loadGeo()).toBeNull();
  });
});

describe('detectLanguage', () => {
  it('follows the country when nothing is saved, and does not ask when a choice is saved', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(us)));
    vi.stubGlobal('fetch', fetchMock);
    expect(await detectLanguage()).toBe('en');
    localStorage.clear();
    localStorage.setItem(StorageKeys.language, 'es');
    expect(await detectLanguage()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('a first visit without a country (loopback, private or unknown address)', () => {
  const nowhere = { ip: '127.0.0.1', country_code: null, country: null, city: null };
  const browserSpeaks = (...languages: string[]) =>
    vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] ?? '' });

  it('starts in the browser’s language when it is English or Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(nowhere))),
    );
    browserSpeaks('en-US', 'en');
    expect(await detectLanguage()).toBe('en');
    // The cached answer (no country) gives the same language on the next visit without a request.
    expect(detectLanguageWithoutRequest()).toBe('en');
    browserSpeaks('es-MX', 'es');
    expect(await detectLanguage()).toBe('es');
  });

  it('takes the first of our languages in the browser’s list, else leaves it to the Spanish default', async () => {
    expect(languageFromBrowser(['fr-FR', 'en-GB', 'es'])).toBe('en');
    expect(languageFromBrowser(['de-DE', 'fr'])).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(nowhere))),
    );
    browserSpeaks('de-DE');
    expect(await detectLanguage()).toBeNull();
  });

  it('lets a known country win over the browser', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...nowhere, country_code: 'MX' }))),
    );
    browserSpeaks('en-US');
    expect(await detectLanguage()).toBe('es');
  });
});
