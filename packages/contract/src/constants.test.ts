import { describe, expect, it } from 'vitest';
import { guestStatusOf } from './constants.js';

describe('what a guest is told of their own photo or message', () => {
  it('says approved only when it is, and pending for a hidden one or an answer that names none', () => {
    expect(guestStatusOf('approved')).toBe('approved');
    expect(['pending', 'hidden', '', null, undefined].map(guestStatusOf)).toEqual(Array(5).fill('pending'));
  });
});
