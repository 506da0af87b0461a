import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { allowedRedirectOrigins, isAllowedRedirect } from './redirect-origins.js';

describe('checkout redirect origins', () => {
  it('accepts the public origin and refuses every other', () => {
    const origins = allowedRedirectOrigins(
      loadConfig({ PUBLIC_URL: 'https://momentos.example', NODE_ENV: 'production' }),
    );
    expect(isAllowedRedirect('https://momentos.example/album/success?session_id={CHECKOUT_SESSION_ID}', origins)).toBe(
      true,
    );
    expect(isAllowedRedirect('https://evil.example/album/success', origins)).toBe(false);
    expect(isAllowedRedirect('https://momentos.example.evil.example/', origins)).toBe(false);
    expect(isAllowedRedirect('http://momentos.example/', origins)).toBe(false);
    expect(isAllowedRedirect('javascript:alert(1)', origins)).toBe(false);
    expect(isAllowedRedirect('not a url', origins)).toBe(false);
  });

  it('accepts the local addresses while no public URL is configured', () => {
    const origins = allowedRedirectOrigins(loadConfig({ PORT: '3000' }));
    expect(isAllowedRedirect('http://127.0.0.1:3000/checkout/step/3', origins)).toBe(true);
    expect(isAllowedRedirect('http://localhost:3000/checkout/step/3', origins)).toBe(true);
    expect(isAllowedRedirect('http://localhost:4000/checkout/step/3', origins)).toBe(false);
  });
});
