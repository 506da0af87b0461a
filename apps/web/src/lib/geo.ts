import type { GeoResponse } from '@momentos/contract';
import { ENGLISH_COUNTRY_CODES } from '@momentos/contract/constants';
import type { Language } from './i18n';
import { readStorage, StorageKeys, writeStorage } from './storage';

/** Spec 000 §9: the geolocation answer is kept for 7 days. */
export const GEO_CACHE_MS = 7 * 24 * 60 * 60 * 1000;
/** A fresh visitor waits at most this long for /api/geo before the page starts in Spanish. */
const GEO_TIMEOUT_MS = 1500;

const ENGLISH_COUNTRIES = new Set<string>(ENGLISH_COUNTRY_CODES);

export function languageForCountry(countryCode: string | null | undefined): Language | null {
  if (!countryCode) return null;
  return ENGLISH_COUNTRIES.has(countryCode.toUpperCase()) ? 'en' : 'es';
}

/** The first of our languages in the browser's list (navigator.languages, most wanted first), if any. */
export function languageFromBrowser(languages: readonly string[] = browserLanguages()): Language | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'es' || primary === 'en') return primary;
  }
  return null;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * A first visit's language (the issue 15 order): the country's, from the table of spec 000 §9,
 * when geolocation knows the country; else the browser's own language when it is Spanish or
 * English; else null, and the app starts in Spanish.
 */
export function languageForVisitor(
  countryCode: string | null | undefined,
  languages?: readonly string[],
): Language | null {
  return languageForCountry(countryCode) ?? languageFromBrowser(languages);
}

interface CachedGeo {
  savedAt: number;
  data: GeoResponse;
}

/** The cached answer while it is younger than 7 days. */
export function readCachedGeo(now = Date.now()): GeoResponse | null {
  const raw = readStorage(StorageKeys.geo);
  if (!raw) return null;
  try {
    const cached = JSON.parse(raw) as CachedGeo;
    return now - cached.savedAt < GEO_CACHE_MS && cached.data ? cached.data : null;
  } catch {
    return null;
  }
}

/** Our own server's /api/geo, cached for 7 days; null when it fails or is slow, never throws. */
export async function loadGeo(): Promise<GeoResponse | null> {
  const cached = readCachedGeo();
  if (cached) return cached;
  try {
    const response = await fetch('/api/geo', { signal: AbortSignal.timeout(GEO_TIMEOUT_MS) });
    if (!response.ok) return null;
    const data = (await response.json()) as GeoResponse;
    writeStorage(StorageKeys.geo, JSON.stringify({ savedAt: Date.now(), data } satisfies CachedGeo));
    return data;
  } catch {
    return null;
  }
}

/**
 * The detected language when it is known without a request: `null` when a choice is saved (nothing
 * to detect), the cached country's language, or `undefined` when only /api/geo can tell.
 */
export function detectLanguageWithoutRequest(): Language | null | undefined {
  if (readStorage(StorageKeys.language)) return null;
  const cached = readCachedGeo();
  return cached ? languageForVisitor(cached.country_code) : undefined;
}

/** The language the visitor's country (else browser) suggests, looked up only when no choice is saved. */
export async function detectLanguage(): Promise<Language | null> {
  if (readStorage(StorageKeys.language)) return null;
  return languageForVisitor((await loadGeo())?.country_code);
}
