import type { Config } from '../../config.js';

/**
 * The origins a checkout may send the browser back to: this site's public origin, and while
 * PUBLIC_URL is not set the local addresses `npm start` answers on (plus Vite's in development).
 * Anything else would make the checkout an open redirect.
 */
export function allowedRedirectOrigins(config: Config): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (!config.PUBLIC_URL) {
    origins.add(`http://localhost:${config.PORT}`);
    origins.add(`http://127.0.0.1:${config.PORT}`);
  }
  if (config.NODE_ENV === 'development') origins.add('http://localhost:5173');
  return origins;
}

export function isAllowedRedirect(url: string, origins: Set<string>): boolean {
  try {
    const parsed = new URL(url);
    return origins.has(parsed.origin);
  } catch {
    return false;
  }
}
