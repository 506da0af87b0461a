import { describe, expect, it } from 'vitest';
import { createRenditionSigner } from './rendition-urls.js';

const albumId = '11111111-1111-4111-8111-111111111111';
const photoId = '22222222-2222-4222-8222-222222222222';

describe('rendition URLs', () => {
  const signer = createRenditionSigner('x'.repeat(32));
  const parse = (url: string) => {
    const parsed = new URL(url, 'http://host');
    const query = {
      exp: Number(parsed.searchParams.get('exp')),
      sig: parsed.searchParams.get('sig') ?? undefined,
      owner: parsed.searchParams.get('owner') ?? undefined,
    };
    return [parsed.pathname, query] as const;
  };

  it('verifies its own URL until it expires, and stays the same within an hour', () => {
    const now = Date.UTC(2027, 0, 1, 10, 5);
    const url = signer.url(albumId, photoId, 'thumb', { now });
    expect(signer.url(albumId, photoId, 'thumb', { now: now + 40 * 60_000 })).toBe(url);
    expect(signer.verify(...parse(url), now)).toBe('guest');
    expect(signer.verify(...parse(url), now + 3 * 3600_000)).toBeUndefined();
  });

  it('refuses another path, another key or a missing signature', () => {
    const [path, query] = parse(signer.url(albumId, photoId, 'thumb'));
    expect(signer.verify(path.replace('thumb', 'display'), query)).toBeUndefined();
    expect(createRenditionSigner('y'.repeat(32)).verify(path, query)).toBeUndefined();
    expect(signer.verify(path, { ...query, sig: undefined })).toBeUndefined();
  });

  it("tells the owner's URL from a guest's, and a guest's cannot be turned into the owner's", () => {
    const [path, owner] = parse(signer.url(albumId, photoId, 'display', { audience: 'owner' }));
    expect(owner.owner).toBe('1');
    expect(signer.verify(path, owner)).toBe('owner');
    expect(signer.verify(path, { ...owner, owner: undefined })).toBeUndefined();
    const [, guest] = parse(signer.url(albumId, photoId, 'display'));
    expect(signer.verify(path, { ...guest, owner: '1' })).toBeUndefined();
  });
});
