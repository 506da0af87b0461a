import { describe, expect, it } from 'vitest';
import { languageForAddress, locateAddress, normaliseAddress } from './geo.service.js';

describe('locateAddress', () => {
  it('finds the country of public addresses from the packaged database', () => {
    expect(locateAddress('8.8.8.8')).toMatchObject({ ip: '8.8.8.8', country_code: 'US', country: 'United States', city: null });
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

describe('languageForAddress', () => {
  it('gives English to the English-speaking countries and Spanish to the rest and to unknown addresses', () => {
    expect(languageForAddress('8.8.8.8')).toBe('en');
    expect(languageForAddress('189.203.0.1')).toBe('es');
    expect(languageForAddress('127.0.0.1')).toBe('es');
  });
});
