import type { Customization } from '@momentos/contract';
import { describe, expect, it } from 'vitest';
import type { Permissions } from '@/features/personalization';
import { moveEntry } from '../api/itinerary-api';
import { blockingAddress, formFromCustomization, isFontHeightValid, modifyPayload } from './modify-form';

const customization = {
  id: '00000000-0000-4000-8000-000000000001',
  event_name: 'Boda',
  event_date: '2026-06-20',
  event_location: '',
  event_description: '',
  cover_image_url: '',
  font_type: 'Georgia',
  font_height: 18,
  music_url: 'Jazz',
  enable_notices: true,
  enable_parejas: null,
  enable_verification: false,
  enable_basic_analytics: false,
  enable_advanced_analytics: false,
  enable_bilingual: false,
  priority_support: false,
  enable_zip_download: false,
} as unknown as Customization;

const plus = {
  allowedFields: [
    'event_name',
    'event_date',
    'event_location',
    'event_description',
    'cover_image_url',
    'enable_notices',
    'font_type',
    'font_height',
    'music_url',
    'enable_parejas',
  ].map((fieldName) => ({ fieldName, required: false, type: 'text' })),
  lockedFields: [],
} as unknown as Permissions;

describe('modify form', () => {
  it('sends only allowed fields, drops empties and an unset parejas, sends the size as a number', () => {
    const form = { ...formFromCustomization(customization), font_height: '24', enable_verification: true };
    expect(modifyPayload(form, plus)).toEqual({
      event_name: 'Boda',
      event_date: '2026-06-20',
      enable_notices: true,
      font_type: 'Georgia',
      font_height: 24,
      music_url: 'Jazz',
    });
  });

  it('holds the save for an address the host typed that the album pages cannot load', () => {
    const initial = formFromCustomization(customization);
    expect(blockingAddress({ ...initial, cover_image_url: 'http://example.com/a.jpg' }, initial)).toBe(
      'cover_image_url',
    );
    expect(blockingAddress({ ...initial, music_url: 'ftp://example.com/a.mp3' }, initial)).toBe('music_url');
    expect(blockingAddress({ ...initial, cover_image_url: 'https://example.com/a.jpg' }, initial)).toBeNull();
  });

  it('saves the other fields beside an old http address, without sending it back', () => {
    const initial = formFromCustomization({ ...customization, cover_image_url: 'http://example.com/a.jpg' });
    const form = { ...initial, event_name: 'Boda de Ana' };
    expect(blockingAddress(form, initial)).toBeNull();
    const payload = modifyPayload(form, plus, initial);
    expect(payload).toMatchObject({ event_name: 'Boda de Ana' });
    expect(payload).not.toHaveProperty('cover_image_url');
  });

  it('accepts font sizes from 8 to 72 only', () => {
    expect(['8', '72', '16'].every(isFontHeightValid)).toBe(true);
    expect(['7', '73', '', '12.5', 'x'].some(isFontHeightValid)).toBe(false);
  });

  it('moves itinerary entries one place and not past the ends', () => {
    expect(moveEntry(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
