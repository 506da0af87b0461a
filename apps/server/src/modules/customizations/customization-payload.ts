import {
  coverAddressProblem,
  CUSTOMIZATION_FIELDS,
  ErrorCode,
  FONT_HEIGHT_MAX,
  FONT_HEIGHT_MIN,
  type CustomizationField,
} from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';
import { canonicalTimeZone } from '../albums/index.js';
import { fieldSpec } from './field-permissions.js';

export type CustomizationValues = Partial<Record<CustomizationField, string | number | boolean>>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function toBoolean(field: string, value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw AppError.badRequest(`${field} must be true or false`);
}

function isValidDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Spec 001 section 5's save rules at the boundary: unknown fields refused, empty values
 * dropped, "true"/"false" read as booleans, font_height a number from 8 to 72, texts trimmed
 * and bounded, dates real calendar dates, time zones known IANA names (stored as the database
 * spells them). `fontNames` are the 15 fonts' display names.
 */
export function normalizeCustomizationPayload(
  body: Record<string, unknown>,
  fontNames: readonly string[],
): CustomizationValues {
  const values: CustomizationValues = {};
  for (const [key, raw] of Object.entries(body)) {
    if (!(CUSTOMIZATION_FIELDS as readonly string[]).includes(key)) throw AppError.badRequest(`Unknown field: ${key}`);
    if (isEmpty(raw)) continue;
    const field = key as CustomizationField;
    const spec = fieldSpec(field);
    if (spec.type === 'boolean') {
      values[field] = toBoolean(field, raw);
    } else if (spec.type === 'number') {
      const number = typeof raw === 'string' ? Number(raw) : raw;
      if (
        typeof number !== 'number' ||
        !Number.isInteger(number) ||
        number < FONT_HEIGHT_MIN ||
        number > FONT_HEIGHT_MAX
      ) {
        throw AppError.badRequest(`${field} must be a whole number from ${FONT_HEIGHT_MIN} to ${FONT_HEIGHT_MAX}`);
      }
      values[field] = number;
    } else {
      if (typeof raw !== 'string') throw AppError.badRequest(`${field} must be text`);
      const text = raw.trim();
      if (spec.maxLength && text.length > spec.maxLength)
        throw AppError.badRequest(`${field} must be at most ${spec.maxLength} characters`);
      if (spec.type === 'date' && !isValidDate(text)) throw AppError.badRequest(`${field} must be a date (YYYY-MM-DD)`);
      const addressProblem = spec.type === 'url' ? coverAddressProblem(text) : null;
      if (addressProblem) {
        const code = addressProblem === 'not_https' ? ErrorCode.URL_NOT_HTTPS : ErrorCode.VALIDATION_ERROR;
        throw AppError.badRequest(`${field} must be an https:// address or an uploaded image`, code);
      }
      if (spec.type === 'font') {
        const font = fontNames.find((name) => name.toLowerCase() === text.toLowerCase());
        if (!font) throw AppError.badRequest(`${field} must be one of: ${fontNames.join(', ')}`);
        values[field] = font;
        continue;
      }
      if (spec.type === 'time_zone') {
        const zone = canonicalTimeZone(text);
        if (!zone) throw AppError.badRequest(`${field} must be an IANA time zone such as America/Mexico_City`);
        values[field] = zone;
        continue;
      }
      values[field] = text;
    }
  }
  return values;
}
