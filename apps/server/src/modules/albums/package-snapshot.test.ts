import { describe, expect, it } from 'vitest';
import { buildPackageSnapshot } from './package-snapshot.js';

const at = { createdAt: new Date('2027-01-01T12:00:00Z'), eventDate: '2027-01-10', timeZone: 'UTC', paidThrough: null };

describe('package snapshot', () => {
  it('takes the tier limits of spec 000 section 9, the window counted from the event', () => {
    expect(buildPackageSnapshot('basic', 'one_time', [], at)).toMatchObject({
      guestLimit: 50,
      photoLimit: 100,
      videoLimit: 5,
      hasWatermark: true,
      validUntil: '2027-01-17T23:59:59.999Z',
    });
    expect(buildPackageSnapshot('premium', 'subscription', [], at)).toMatchObject({
      guestLimit: 300,
      photoLimit: 700,
      videoLimit: 30,
      hasWatermark: false,
    });
    expect(buildPackageSnapshot('elite', 'one_time', [], at)).toMatchObject({
      guestLimit: 500,
      photoLimit: 1500,
      videoLimit: null,
      validUntil: null,
    });
    expect(buildPackageSnapshot('premium', 'one_time', [], at)).toMatchObject({
      validFrom: '2027-01-01T12:00:00.000Z',
      validUntil: '2027-02-09T23:59:59.999Z',
    });
  });

  it("takes PRODUCT.md's guestbook and sections per plan: messages, sections, voice notes from Plus", () => {
    const capacities = (tier: 'basic' | 'plus' | 'premium' | 'elite') => {
      const { messageLimit, sectionLimit, voiceNotes } = buildPackageSnapshot(tier, 'one_time', [], at);
      return { messageLimit, sectionLimit, voiceNotes };
    };
    expect(capacities('basic')).toEqual({ messageLimit: 100, sectionLimit: 1, voiceNotes: false });
    expect(capacities('plus')).toEqual({ messageLimit: 300, sectionLimit: 3, voiceNotes: true });
    expect(capacities('premium')).toEqual({ messageLimit: 1000, sectionLimit: 6, voiceNotes: true });
    expect(capacities('elite')).toEqual({ messageLimit: null, sectionLimit: 12, voiceNotes: true });
  });

  it('adds what the add-ons give', () => {
    expect(
      buildPackageSnapshot(
        'plus',
        'one_time',
        ['extra_guests', 'extra_photos', 'extra_videos', 'watermark_removal'],
        at,
      ),
    ).toMatchObject({
      guestLimit: 200,
      photoLimit: 500,
      videoLimit: 25,
      hasWatermark: false,
      validUntil: '2027-01-25T23:59:59.999Z',
    });
  });
});
