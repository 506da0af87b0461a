import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, GEO_CACHE_MS, languageForCountry, loadGeo, readCachedGeo } from './geo';
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
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
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
