import { describe, expect, it } from 'vitest';
import { languageForVisitor, locateAddress, normaliseAddress } from './geo.service.js';

describe('locateAddress', () => {
  it('finds the country of public addresses from the packaged database', () => {
    expect(locateAddress('8.8.8.8')).toMatchObject({
      ip: '8.8.8.8',
      country_code: 'US',
      country: 'United States',
      city: null,
    });
    expect(locateAddress('189.203.0.1').country_code).toBe('MX');
  });

  it('gives loopback, private and nonsense addresses no country', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.10', 'not-an-ip']) {
      expect(locateAddress(ip).country_code).toBeNull();
    }
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(normaliseAddress('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(locateAddress('::ffff:8.8.8.8').country_code).toBe('US');
  });
});

describe('languageForVisitor', () => {
  it('gives English to the English-speaking countries and Spanish to the rest, whatever the browser says', () => {
    expect(languageForVisitor('8.8.8.8', 'es-MX')).toBe('en');
    expect(languageForVisitor('189.203.0.1', 'en-US')).toBe('es');
  });

  it('lets the browser’s language decide when the address has no country, else Spanish', () => {
    expect(languageForVisitor('127.0.0.1', 'en-US,en;q=0.9')).toBe('en');
    expect(languageForVisitor('10.1.2.3', 'es-ES')).toBe('es');
    expect(languageForVisitor('127.0.0.1', 'fr-FR')).toBe('es');
    expect(languageForVisitor('127.0.0.1')).toBe('es');
  });
});
