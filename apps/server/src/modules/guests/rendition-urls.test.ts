import { describe, expect, it } from 'vitest';
import { createRenditionSigner } from './rendition-urls.js';

const albumId = '11111111-1111-4111-8111-111111111111';
const photoId = '22222222-2222-4222-8222-222222222222';

describe('rendition URLs', () => {
  const signer = createRenditionSigner('x'.repeat(32));
  const parse = (url: string) => {
    const parsed = new URL(url, 'http://host');
    return [parsed.pathname, Number(parsed.searchParams.get('exp')), parsed.searchParams.get('sig') ?? undefined] as const;
  };

  it('verifies its own URL until it expires, and stays the same within an hour', () => {
    const now = Date.UTC(2027, 0, 1, 10, 5);
    const url = signer.url(albumId, photoId, 'thumb', now);
    expect(signer.url(albumId, photoId, 'thumb', now + 40 * 60_000)).toBe(url);
    expect(signer.verify(...parse(url), now)).toBe(true);
    expect(signer.verify(...parse(url), now + 3 * 3600_000)).toBe(false);
  });

  it('refuses another path, another key or a missing signature', () => {
    const [path, exp, sig] = parse(signer.url(albumId, photoId, 'thumb'));
    expect(signer.verify(path.replace('thumb', 'display'), exp, sig)).toBe(false);
    expect(createRenditionSigner('y'.repeat(32)).verify(path, exp, sig)).toBe(false);
    expect(signer.verify(path, exp, undefined)).toBe(false);
  });
});
