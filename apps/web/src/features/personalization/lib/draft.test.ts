import { describe, expect, it } from 'vitest';
import { buildSavePayload, draftFields, EMPTY_VALUES } from './draft';

describe('buildSavePayload (spec 001 §5)', () => {
  it('drops empty, blank, null and undefined values', () => {
    expect(
      buildSavePayload({
        event_name: '',
        event_location: '  ',
        music_url: null,
        event_description: undefined,
        event_date: '2026-06-20',
      }),
    ).toEqual({
      event_date: '2026-06-20',
    });
  });

  it('sends flags as booleans, the strings "true" and "false" included', () => {
    expect(
      buildSavePayload({
        enable_parejas: 'true',
        enable_notices: 'false',
        enable_verification: true,
        priority_support: false,
      }),
    ).toEqual({
      enable_parejas: true,
      enable_notices: false,
      enable_verification: true,
      priority_support: false,
    });
  });

  it('sends font_height as a number', () => {
    expect(buildSavePayload({ font_height: '24' })).toEqual({ font_height: 24 });
    expect(buildSavePayload({ font_height: 16 })).toEqual({ font_height: 16 });
    expect(buildSavePayload({ font_height: 'abc' })).toEqual({});
  });

  it('trims texts', () => {
    expect(buildSavePayload({ event_name: '  Boda de Ana  ' })).toEqual({ event_name: 'Boda de Ana' });
  });

  it('maps draft names to API fields and leaves an unchosen singles out', () => {
    const values = { ...EMPTY_VALUES, fontStyle: 'Georgia', musicStyle: 'Jazz', singlesFeature: null };
    expect(buildSavePayload(draftFields(values, ['fontStyle', 'musicStyle', 'singlesFeature']))).toEqual({
      font_type: 'Georgia',
      music_url: 'Jazz',
    });
    expect(buildSavePayload(draftFields({ ...values, singlesFeature: false }, ['singlesFeature']))).toEqual({
      enable_parejas: false,
    });
  });
});
