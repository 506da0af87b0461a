import { describe, expect, it } from 'vitest';
import { isGuestPage } from './nav-links';

describe('isGuestPage (the pages whose header leaves the shop out)', () => {
  it('is every page a guest opens: the code box, the guest page, the album and its slideshow', () => {
    for (const path of ['/guest', '/guest/', '/guest/482913', '/album/6f1c', '/album/6f1c/slideshow'])
      expect(isGuestPage(path), path).toBe(true);
  });

  it("is not the host's pages, the payment result under /album among them", () => {
    for (const path of ['/', '/checkout', '/album/success', '/album-detail/6f1c', '/guests', '/auth'])
      expect(isGuestPage(path), path).toBe(false);
  });
});
