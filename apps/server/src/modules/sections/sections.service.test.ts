import { describe, expect, it } from 'vitest';
import { buildPackageSnapshot } from '../albums/index.js';
import { creatableSections } from './sections.service.js';

describe('creatableSections', () => {
  it('counts the album’s main part as one of the plan’s sections: Basic’s one is the whole album', () => {
    const at = {
      createdAt: new Date('2027-01-01T12:00:00Z'),
      eventDate: '2027-01-10',
      timeZone: 'UTC',
      paidThrough: null,
    };
    const named = (tier: 'basic' | 'plus' | 'premium' | 'elite') =>
      creatableSections(buildPackageSnapshot(tier, 'one_time', [], at));
    expect([named('basic'), named('plus'), named('premium'), named('elite')]).toEqual([0, 2, 5, 11]);
  });
});
