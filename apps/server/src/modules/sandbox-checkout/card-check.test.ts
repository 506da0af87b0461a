import { describe, expect, it } from 'vitest';
import { checkCard } from './card-check.js';

const now = new Date('2026-11-22T00:00:00Z');
const valid = { expiry: '12/34', cvc: '123' };

describe('sandbox card check', () => {
  it('pays with 4242 and declines 4000 0000 0000 0002, spaces or not', () => {
    expect(checkCard({ ...valid, cardNumber: '4242 4242 4242 4242' }, now)).toEqual({ outcome: 'pay' });
    expect(checkCard({ ...valid, cardNumber: '4000000000000002' }, now)).toEqual({ outcome: 'decline' });
  });

  it('refuses a number that fails the Luhn check, and other real-looking cards', () => {
    expect(checkCard({ ...valid, cardNumber: '4242 4242 4242 4241' }, now)).toMatchObject({
      outcome: 'invalid',
      field: 'card',
    });
    expect(checkCard({ ...valid, cardNumber: '5555 5555 5555 4444' }, now)).toMatchObject({
      outcome: 'invalid',
      field: 'card',
    });
  });

  it('refuses a past or malformed expiry and a bad CVC', () => {
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toMatchObject({
      field: 'expiry',
    });
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '13/30', cvc: '123' }, now)).toMatchObject({
      field: 'expiry',
    });
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '10/2026', cvc: '123' }, now)).toMatchObject({
      field: 'expiry',
    });
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '11/2026', cvc: '123' }, now)).toEqual({
      outcome: 'pay',
    });
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '12/2026', cvc: '12' }, now)).toMatchObject({
      field: 'cvc',
    });
  });
});
