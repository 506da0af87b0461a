import type { CustomizationField } from '@momentos/contract';
import { describe, expect, it } from 'vitest';
import { fieldLock, stepLock, type Permissions } from './locks';

const BASIC_ALLOWED: CustomizationField[] = [
  'event_name',
  'event_date',
  'event_location',
  'event_description',
  'cover_image_url',
  'enable_notices',
];

const basic = {
  tier: 'basic',
  allowedFields: BASIC_ALLOWED.map((fieldName) => ({ fieldName, required: false, type: 'text' as const })),
  lockedFields: [
    { fieldName: 'font_type', unlockedBy: 'plus', addon: null },
    { fieldName: 'music_url', unlockedBy: 'plus', addon: null },
    { fieldName: 'enable_parejas', unlockedBy: 'plus', addon: null },
    { fieldName: 'enable_zip_download', unlockedBy: null, addon: 'album_download' },
  ],
  currentValues: {},
} as unknown as Permissions;

describe('locked steps (PRODUCT.md)', () => {
  it('locks font, music and singles on Basic, naming the plan that opens them', () => {
    expect(stepLock('font', basic)).toEqual({ unlockedBy: 'plus', addon: null });
    expect(stepLock('music', basic)).toEqual({ unlockedBy: 'plus', addon: null });
    expect(stepLock('singles', basic)).toEqual({ unlockedBy: 'plus', addon: null });
  });

  it('leaves the step-1 sub-steps open', () => {
    for (const step of ['name', 'description', 'date', 'location', 'cover'] as const)
      expect(stepLock(step, basic)).toBeNull();
  });

  it('names an add-on when no plan is given', () => {
    expect(fieldLock('enable_zip_download', basic)).toEqual({ unlockedBy: null, addon: 'album_download' });
  });

  it('locks nothing while permissions are unknown', () => {
    expect(stepLock('font', undefined)).toBeNull();
  });

  it('locks a field missing from both lists without naming a plan', () => {
    expect(fieldLock('enable_bilingual', basic)).toEqual({ unlockedBy: null, addon: null });
  });
});
