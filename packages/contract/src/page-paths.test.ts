import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths.js';

describe('isPagePath', () => {
  it('knows the fixed pages, with or without a trailing slash', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/checkout')).toBe(true);
    expect(isPagePath('/checkout/')).toBe(true);
    expect(isPagePath('/album/success')).toBe(true);
    // A guest who was only told the code types it here.
    expect(isPagePath('/guest')).toBe(true);
    expect(isPagePath('/guest/')).toBe(true);
  });

  it('fills a named segment with exactly one segment', () => {
    expect(isPagePath('/guest/123456')).toBe(true);
    expect(isPagePath('/album-detail/6f1c/card')).toBe(true);
    expect(isPagePath('/guest/123456/extra')).toBe(false);
  });

  it('refuses paths no page draws', () => {
    expect(isPagePath('/pricing')).toBe(false);
    expect(isPagePath('/checkout/step')).toBe(false);
    expect(isPagePath('/wp-admin')).toBe(false);
  });
});
