import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client';

/**
 * The text to show for a failure: the translated errors.<CODE> when we know the code, the
 * offline text when the request never left, else the server's message, else the fallback.
 */
export function describeError(t: TFunction, error: unknown, fallback?: string): string {
  const generic = fallback ?? t('errors.unexpected');
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return t('errors.offline');
    const key = error.code ? `errors.${error.code}` : '';
    if (key && t(key, { defaultValue: '' })) return t(key);
    if (error.status >= 500) return t('errors.server');
    return error.message || generic;
  }
  if (error instanceof Error && error.message) return error.message;
  return generic;
}
