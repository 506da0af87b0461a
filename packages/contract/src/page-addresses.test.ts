import { describe, expect, it } from 'vitest';
import { coverAddressProblem, musicAddressProblem } from './page-addresses.js';

describe('addresses the album pages can load', () => {
  it('takes an https cover, an uploaded one or none', () => {
    for (const ok of [
      '',
      '  ',
      'https://cdn.example.com/portada.jpg',
      'HTTPS://EXAMPLE.COM/a.png',
      '/uploads/covers/a.webp',
    ])
      expect(coverAddressProblem(ok), ok).toBeNull();
  });

  it('refuses a cover over http or any other scheme, and text that is no address', () => {
    for (const insecure of [
      'http://example.com/a.jpg',
      ' HTTP://example.com/a.jpg',
      'ftp://example.com/a.jpg',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
    ])
      expect(coverAddressProblem(insecure), insecure).toBe('not_https');
    for (const wrong of ['portada.jpg', '//example.com/a.jpg', '/uploads/../secret'])
      expect(coverAddressProblem(wrong), wrong).toBe('not_an_address');
  });

  it('takes music in words or at an https address, and refuses other addresses', () => {
    for (const ok of ['', 'Boleros', 'Jazz: suave', 'https://open.spotify.com/track/1', 'https:example.com/vals.mp3'])
      expect(musicAddressProblem(ok), ok).toBeNull();
    for (const insecure of [
      'http://example.com/vals.mp3',
      'HTTP://example.com',
      'http:example.com/vals.mp3',
      'ftp://example.com/vals.mp3',
    ])
      expect(musicAddressProblem(insecure), insecure).toBe('not_https');
  });
});
