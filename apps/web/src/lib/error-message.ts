import type { ErrorCode } from '@momentos/contract';
import { GUEST_VIDEO_MAX_SECONDS, GUEST_VIDEO_MAX_SIDE } from '@momentos/contract/constants';
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client';

const common = { ns: 'common' } as const;
// A type-checked literal rather than the contract's value: the contract's index would pull zod into the home page's bundle.
const VALIDATION_ERROR: ErrorCode = 'VALIDATION_ERROR';
// The limits a code's text may name ({{maxVideoMinutes}}), from the contract so the words follow the rule.
const limits = { maxVideoMinutes: GUEST_VIDEO_MAX_SECONDS / 60, maxVideoSide: GUEST_VIDEO_MAX_SIDE };

/**
 * What to say about a VALIDATION_ERROR's field, from the server's "Invalid request: email: …"
 * message (apps/server/src/platform/http/validation.ts names the field of every refusal): the
 * field's own sentence (`validation.invalid.email`), else "check the field" with its label;
 * undefined for a field we have no words for.
 */
function invalidFieldText(t: TFunction, message: string): string | undefined {
  const field = /^Invalid request: ([\w.]+):/.exec(message)?.[1]?.split('.').pop();
  if (!field) return undefined;
  const own = t(`validation.invalid.${field}`, { ...common, defaultValue: '' });
  if (own) return own;
  const label = t(`validation.fields.${field}`, { ...common, defaultValue: '' });
  return label ? t('validation.invalidField', { ...common, field: label }) : undefined;
}

/** The translated text of a server error code: the caller's namespace first (a screen may say it its own way), then common. */
function translatedCode(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const options = { ...limits, defaultValue: '' };
  return t(`errors.${code}`, options) || t(`errors.${code}`, { ...common, ...options }) || undefined;
}

/**
 * The text to show for a failure, always in the visitor's language: the offline text when the
 * request never left, the field a refusal names, the translated errors.<CODE>, the server-error
 * text for a 5xx, else the caller's fallback. The server's own message (English, for developers
 * and logs) is never shown.
 */
export function describeError(t: TFunction, error: unknown, fallback?: string): string {
  const generic = fallback ?? t('errors.unexpected', common);
  if (!(error instanceof ApiError)) return generic;
  if (error.status === NETWORK_ERROR_STATUS) return t('errors.offline', common);
  const field = error.code === VALIDATION_ERROR ? invalidFieldText(t, error.message) : undefined;
  if (field) return field;
  const known = translatedCode(t, error.code);
  if (known) return known;
  if (error.status >= 500) return t('errors.server', common);
  return generic;
}
