import { describe, expect, it } from 'vitest';
import { createHostLinkSigner } from './signed-links.js';

describe('host download links', () => {
  const signer = createHostLinkSigner('x'.repeat(32));
  const path = '/api/events/0b8f1c8e-7d1b-4bb5-9d59-3c7d2f1d2a10/download.zip';

  it('verifies its own link until it expires', () => {
    const now = Date.UTC(2027, 5, 12);
    const { url, expiresAt } = signer.sign(path, 3600, now);
    const query = new URL(url, 'http://x').searchParams;
    const exp = Number(query.get('exp'));
    expect(expiresAt.getTime()).toBe(now + 3600_000);
    expect(signer.verify(path, exp, query.get('sig')!, now)).toBe(true);
    expect(signer.verify(path, exp, query.get('sig')!, now + 3601_000)).toBe(false);
    expect(signer.verify(path.replace('0b8f', '1b8f'), exp, query.get('sig')!, now)).toBe(false);
    expect(signer.verify(path, exp + 1, query.get('sig')!, now)).toBe(false);
    expect(createHostLinkSigner('y'.repeat(32)).verify(path, exp, query.get('sig')!, now)).toBe(false);
  });
});
