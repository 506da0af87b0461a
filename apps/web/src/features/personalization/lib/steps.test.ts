import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, type DraftValues } from './draft';
import { backTarget, canContinue, nextTarget, parseSubStep, progressOf, type SubStep } from './steps';

const values = (patch: Partial<DraftValues> = {}): DraftValues => ({ ...EMPTY_VALUES, ...patch });

describe('canContinue (spec 001 §5)', () => {
  it('needs a non-blank name and location', () => {
    expect(canContinue('name', values())).toBe(false);
    expect(canContinue('name', values({ eventName: '   ' }))).toBe(false);
    expect(canContinue('name', values({ eventName: 'Boda' }))).toBe(true);
    expect(canContinue('location', values({ eventLocation: ' \t' }))).toBe(false);
    expect(canContinue('location', values({ eventLocation: 'Guadalajara' }))).toBe(true);
  });

  it('needs a date, a font and non-blank music', () => {
    expect(canContinue('date', values())).toBe(false);
    expect(canContinue('date', values({ eventDate: '2026-06-20' }))).toBe(true);
    expect(canContinue('font', values())).toBe(false);
    expect(canContinue('font', values({ fontStyle: 'Georgia' }))).toBe(true);
    expect(canContinue('music', values({ musicStyle: '  ' }))).toBe(false);
    expect(canContinue('music', values({ musicStyle: 'Jazz' }))).toBe(true);
  });

  it('holds music at an address the album page would block', () => {
    expect(canContinue('music', values({ musicStyle: 'http://example.com/vals.mp3' }))).toBe(false);
    expect(canContinue('music', values({ musicStyle: 'https://example.com/vals.mp3' }))).toBe(true);
  });

  it('always lets description, cover and singles through', () => {
    for (const step of ['description', 'cover', 'singles'] as SubStep[]) expect(canContinue(step, values())).toBe(true);
  });

  it('never blocks a locked step', () => {
    expect(canContinue('font', values(), true)).toBe(true);
    expect(canContinue('music', values(), true)).toBe(true);
  });
});

describe('sub-step navigation (spec 001 §2)', () => {
  it('preselects ?step only when it belongs to the page', () => {
    expect(parseSubStep(1, 'cover')).toBe('cover');
    expect(parseSubStep(1, 'font')).toBe('name');
    expect(parseSubStep(2, 'singles')).toBe('singles');
    expect(parseSubStep(2, null)).toBe('font');
  });

  it('numbers step 1 from 1 to 5 and step 2 as 5, 6, 7', () => {
    expect(['name', 'description', 'date', 'location', 'cover'].map((s) => progressOf(1, s as SubStep))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(['font', 'music', 'singles'].map((s) => progressOf(2, s as SubStep))).toEqual([5, 6, 7]);
  });

  it('goes back to /auth from the first sub-step and to the cover from step 2', () => {
    expect(backTarget(1, 'name')).toEqual({ path: '/auth' });
    expect(backTarget(1, 'date')).toEqual({ path: '/personalization/step-1', step: 'description' });
    expect(backTarget(2, 'font')).toEqual({ path: '/personalization/step-1', step: 'cover' });
  });

  it('moves on to step 2 after the cover and to the summary after singles', () => {
    expect(nextTarget(1, 'location')).toEqual({ path: '/personalization/step-1', step: 'cover' });
    expect(nextTarget(1, 'cover')).toEqual({ path: '/personalization/step-2' });
    expect(nextTarget(2, 'singles')).toEqual({ path: '/personalization/summary' });
  });
});
