import { describe, expect, it } from 'vitest';
import { normalizeCustomizationPayload } from './customization-payload.js';

const fonts = ['Arial', 'Georgia', 'Times New Roman'];
const normalize = (body: Record<string, unknown>) => normalizeCustomizationPayload(body, fonts);

describe('customization save payload rules', () => {
  it('drops empty, null and undefined values', () => {
    expect(
      normalize({
        event_name: '',
        event_location: '   ',
        event_description: null,
        music_url: undefined,
        event_date: '2027-05-01',
      }),
    ).toEqual({
      event_date: '2027-05-01',
    });
  });

  it('reads "true" and "false" as booleans and refuses anything else', () => {
    expect(normalize({ enable_parejas: 'true', enable_notices: 'false', enable_verification: true })).toEqual({
      enable_parejas: true,
      enable_notices: false,
      enable_verification: true,
    });
    expect(() => normalize({ enable_parejas: 'yes' })).toThrow(/enable_parejas/);
  });

  it('takes font_height as a whole number from 8 to 72', () => {
    expect(normalize({ font_height: '24' })).toEqual({ font_height: 24 });
    expect(normalize({ font_height: 8 })).toEqual({ font_height: 8 });
    expect(() => normalize({ font_height: 73 })).toThrow(/8 to 72/);
    expect(() => normalize({ font_height: 7 })).toThrow(/8 to 72/);
    expect(() => normalize({ font_height: 12.5 })).toThrow(/font_height/);
  });

  it('trims texts, bounds them, and checks dates, addresses and fonts', () => {
    expect(normalize({ event_name: '  Boda de Ana  ', font_type: 'georgia' })).toEqual({
      event_name: 'Boda de Ana',
      font_type: 'Georgia',
    });
    expect(() => normalize({ event_name: 'x'.repeat(121) })).toThrow(/at most 120/);
    expect(() => normalize({ event_date: '2027-02-30' })).toThrow(/date/);
    expect(() => normalize({ cover_image_url: 'javascript:alert(1)' })).toThrow(/cover_image_url/);
    expect(normalize({ cover_image_url: '/uploads/covers/a.webp' })).toEqual({
      cover_image_url: '/uploads/covers/a.webp',
    });
    expect(() => normalize({ font_type: 'Wingdings' })).toThrow(/font_type/);
  });

  it('refuses unknown fields', () => {
    expect(() => normalize({ album_id: 'x' })).toThrow(/Unknown field: album_id/);
  });
});
