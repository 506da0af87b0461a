import { TZDate } from '@date-fns/tz';

/**
 * Where the album's time zone is unknown, the day ends last on Earth, at UTC−12 (IANA writes it
 * with the sign inverted), so the window never closes early wherever the event is.
 */
export const UNKNOWN_TIME_ZONE = 'Etc/GMT+12';

/** IANA names only: offsets such as "+05:00" are read with opposite signs by PostgreSQL and by Intl. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The name as the time zone database spells it ("america/mexico_city" → "America/Mexico_City"), or undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!IANA_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const zoneOf = (timeZone: string) => canonicalTimeZone(timeZone) ?? UNKNOWN_TIME_ZONE;

export interface UploadWindowInput {
  /** The plan's days after the event; null: the window never closes. */
  days: number | null;
  /** The event's calendar date, YYYY-MM-DD. */
  eventDate: string;
  /** The album's IANA time zone, '' when unknown. */
  timeZone: string;
  /** The end of the paid period of a cancelled subscription: the window closes then at the latest. */
  paidThrough?: Date | null;
}

/**
 * When guests stop uploading (ISO timestamp), or null for never: 23:59:59.999 of the day that lies
 * the plan's days after the event, in the album's time zone (PRODUCT.md, "the upload window").
 */
export function uploadWindowEnd({ days, eventDate, timeZone, paidThrough = null }: UploadWindowInput): string | null {
  const [year, month, day] = eventDate.split('-').map(Number) as [number, number, number];
  const eventEnd =
    days === null ? null : new TZDate(year, month - 1, day + days, 23, 59, 59, 999, zoneOf(timeZone)).getTime();
  const ends = [eventEnd, paidThrough?.getTime() ?? null].filter((end): end is number => end !== null);
  return ends.length === 0 ? null : new Date(Math.min(...ends)).toISOString();
}

/** The calendar day (YYYY-MM-DD) an upload window ends on, in the album's time zone: what the host is shown. */
export function uploadWindowLastDay(validUntil: string | null, timeZone: string): string | null {
  if (validUntil === null) return null;
  const end = new TZDate(new Date(validUntil).getTime(), zoneOf(timeZone));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}`;
}

/** Whether guests may still upload to an album with this plan snapshot. */
export function uploadsOpen(snapshot: { validUntil: string | null }, now = new Date()): boolean {
  return snapshot.validUntil === null || new Date(snapshot.validUntil) > now;
}
