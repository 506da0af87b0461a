import { describe, expect, it } from 'vitest';
import { networkOf } from './album-code-budgets.js';

describe('networkOf', () => {
  it('counts an IPv4 address by itself and its /24, written either way', () => {
    expect(networkOf('203.0.113.7')).toEqual({ address: '203.0.113.7', block: '203.0.113.0/24' });
    expect(networkOf('::ffff:203.0.113.7')).toEqual({ address: '203.0.113.7', block: '203.0.113.0/24' });
  });

  it('counts an IPv6 client by its /64, however the address inside it changes, and its /48', () => {
    const first = networkOf('2001:db8:aa:1::1');
    expect(first).toEqual({ address: '2001:db8:aa:1::/64', block: '2001:db8:aa::/48' });
    expect(networkOf('2001:0db8:00aa:0001:ffff:1:2:3')).toEqual(first);
    expect(networkOf('2001:db8:aa:2::1').block).toBe(first.block);
  });
});
