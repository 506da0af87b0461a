import { ENGLISH_COUNTRY_CODES } from '@momentos/contract/constants';
import { createRequire } from 'node:module';
import type { GeoResponse } from '@momentos/contract';
import { preferredLanguage } from '../../platform/http/accept-language.js';

interface GeoipCountryResult {
  country: string;
  name?: string;
}

// geoip-country is CommonJS and ships its IP-to-country tables inside the package: no download
// at install or run time and no outside call. Its tables load into memory on first lookup.
const require = createRequire(import.meta.url);
let geoip: { lookup(ip: string): GeoipCountryResult | null } | undefined;

function lookupCountry(ip: string): GeoipCountryResult | null {
  geoip ??= require('geoip-country') as NonNullable<typeof geoip>;
  try {
    return geoip.lookup(ip);
  } catch {
    return null;
  }
}

/** Strips the IPv4-mapped IPv6 prefix Node reports for IPv4 clients on dual-stack sockets. */
export function normaliseAddress(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}

/**
 * Where an address is. Loopback, private and unknown addresses resolve to no country: the client
 * then falls back to Spanish. City stays null: the packaged database holds countries only.
 */
export function locateAddress(rawIp: string): GeoResponse {
  const ip = normaliseAddress(rawIp);
  const found = lookupCountry(ip);
  return { ip, country_code: found?.country ?? null, country: found?.name ?? null, city: null };
}

/**
 * The language a first-time visitor starts in, as the client decides it (apps/web/src/lib/geo.ts):
 * the country's by spec 000 §9 when the address has one; else the browser's (Accept-Language) when
 * it is Spanish or English; else Spanish.
 */
export function languageForVisitor(rawIp: string, acceptLanguage?: string | string[]): 'es' | 'en' {
  const country = locateAddress(rawIp).country_code;
  if (country) return (ENGLISH_COUNTRY_CODES as readonly string[]).includes(country.toUpperCase()) ? 'en' : 'es';
  return preferredLanguage(acceptLanguage) ?? 'es';
}
