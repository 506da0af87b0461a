import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, uploadWindowEnd, uploadWindowLastDay } from './upload-window.js';

describe('upload window', () => {
  it('ends at the last millisecond of the day the plan lies after the event, in the album zone', () => {
    expect(uploadWindowEnd({ days: 15, eventDate: '2026-12-12', timeZone: 'America/Mexico_City' })).toBe(
      '2026-12-28T05:59:59.999Z',
    );
    expect(uploadWindowEnd({ days: 15, eventDate: '2026-12-12', timeZone: 'Europe/Madrid' })).toBe(
      '2026-12-27T22:59:59.999Z',
    );
    // Summer time in Madrid (UTC+2), across a month end.
    expect(uploadWindowEnd({ days: 7, eventDate: '2027-06-28', timeZone: 'Europe/Madrid' })).toBe(
      '2027-07-05T21:59:59.999Z',
    );
  });

  it('uses UTC−12 when the zone is unknown or not a zone, so it never closes early', () => {
    for (const timeZone of ['', 'Mars/Olympus', '+05:00']) {
      expect(uploadWindowEnd({ days: 15, eventDate: '2026-12-12', timeZone })).toBe('2026-12-28T11:59:59.999Z');
    }
  });

  it('never closes for elite, and closes at the end of a cancelled subscription’s paid period if sooner', () => {
    expect(uploadWindowEnd({ days: null, eventDate: '2026-12-12', timeZone: 'UTC' })).toBeNull();
    const paidThrough = new Date('2026-12-20T10:00:00Z');
    expect(uploadWindowEnd({ days: 15, eventDate: '2026-12-12', timeZone: 'UTC', paidThrough })).toBe(
      paidThrough.toISOString(),
    );
    expect(uploadWindowEnd({ days: null, eventDate: '2026-12-12', timeZone: 'UTC', paidThrough })).toBe(
      paidThrough.toISOString(),
    );
    expect(uploadWindowEnd({ days: 7, eventDate: '2026-12-01', timeZone: 'UTC', paidThrough })).toBe(
      '2026-12-08T23:59:59.999Z',
    );
  });

  it('names the last day in the album zone', () => {
    expect(uploadWindowLastDay('2026-12-28T05:59:59.999Z', 'America/Mexico_City')).toBe('2026-12-27');
    expect(uploadWindowLastDay('2026-12-28T11:59:59.999Z', '')).toBe('2026-12-27');
    expect(uploadWindowLastDay(null, 'UTC')).toBeNull();
  });

  it('accepts IANA names as the time zone database spells them, and nothing else', () => {
    expect(canonicalTimeZone('america/mexico_city')).toBe('America/Mexico_City');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const name of ['', 'Mars/Olympus', '+05:00', 'GMT-3; DROP TABLE', 'a'.repeat(80)]) {
      expect(canonicalTimeZone(name), name).toBeUndefined();
    }
  });
});
