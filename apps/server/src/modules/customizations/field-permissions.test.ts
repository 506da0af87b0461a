import { describe, expect, it } from 'vitest';
import { describePermissions, isFieldAllowed } from './field-permissions.js';

const allowed = (tier: 'basic' | 'plus' | 'premium' | 'elite', addons: string[] = []) =>
  describePermissions({ tier, addons }).allowedFields.map((field) => field.fieldName);

describe('field permissions (PRODUCT.md table)', () => {
  it('lets basic edit the event data, cover, notices, guest downloads, the public guestbook and time zone only', () => {
    expect(allowed('basic')).toEqual([
      'event_name',
      'event_date',
      'event_location',
      'event_description',
      'cover_image_url',
      'enable_notices',
      'enable_guest_downloads',
      'enable_public_guestbook',
      'time_zone',
    ]);
  });

  it('adds font, size, music and couples from plus, verification and basic analytics and ZIP from premium', () => {
    expect(allowed('plus')).toEqual(
      expect.arrayContaining(['font_type', 'font_height', 'music_url', 'enable_parejas']),
    );
    expect(allowed('plus')).not.toContain('enable_verification');
    expect(allowed('premium')).toEqual(
      expect.arrayContaining(['enable_verification', 'enable_basic_analytics', 'enable_zip_download']),
    );
    expect(allowed('premium')).not.toContain('enable_bilingual');
  });

  it('opens everything for elite', () => {
    expect(allowed('elite')).toHaveLength(20);
  });

  it('opens "Find me" on the plans whose PLAN_LIMITS include it: Premium and Elite', () => {
    expect(allowed('plus')).not.toContain('enable_face_search');
    expect(allowed('premium')).toContain('enable_face_search');
    expect(allowed('elite')).toContain('enable_face_search');
    const { lockedFields } = describePermissions({ tier: 'basic', addons: [] });
    expect(lockedFields.find((field) => field.fieldName === 'enable_face_search')).toEqual({
      fieldName: 'enable_face_search',
      unlockedBy: 'premium',
      addon: null,
    });
  });

  it('lets bought add-ons open their fields', () => {
    expect(isFieldAllowed('enable_zip_download', { tier: 'basic', addons: [] })).toBe(false);
    expect(isFieldAllowed('enable_zip_download', { tier: 'basic', addons: ['album_download'] })).toBe(true);
    expect(isFieldAllowed('enable_advanced_analytics', { tier: 'plus', addons: ['advanced_analytics'] })).toBe(true);
    expect(isFieldAllowed('priority_support', { tier: 'basic', addons: ['dedicated_support'] })).toBe(true);
    expect(isFieldAllowed('font_type', { tier: 'basic', addons: ['album_download'] })).toBe(false);
  });

  it('marks the three required fields and names what opens a locked one', () => {
    const { allowedFields, lockedFields } = describePermissions({ tier: 'basic', addons: [] });
    expect(allowedFields.filter((field) => field.required).map((field) => field.fieldName)).toEqual([
      'event_name',
      'event_date',
      'event_location',
    ]);
    expect(lockedFields.find((field) => field.fieldName === 'font_type')).toEqual({
      fieldName: 'font_type',
      unlockedBy: 'plus',
      addon: null,
    });
    expect(lockedFields.find((field) => field.fieldName === 'enable_zip_download')).toEqual({
      fieldName: 'enable_zip_download',
      unlockedBy: 'premium',
      addon: 'album_download',
    });
  });
});
