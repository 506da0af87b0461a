import type { Product } from '@momentos/contract';
import { describe, expect, it } from 'vitest';
import { formatPriceRange, formatTotal, selectedAddonProducts, totalCents } from './pricing';

function product(id: string, unitAmount: number, isAddon = false): Product {
  return {
    id,
    productId: `prod_${id}`,
    priceId: `price_${id}`,
    name: id,
    description: '',
    price: unitAmount / 100,
    unitAmount,
    currency: 'usd',
    active: true,
    metadata: {
      type: 'one_time',
      tier: isAddon ? null : 'plus',
      is_addon: isAddon,
      addon_type: isAddon ? 'extra_photos' : null,
    },
  };
}

describe('checkout total', () => {
  const plus = product('plus', 1995);
  const addons = [product('a', 499, true), product('b', 399, true), product('c', 1, true)];

  it('is zero without a plan', () => {
    expect(totalCents(null, addons)).toBe(0);
  });

  it('sums the plan and the selected add-ons in cents', () => {
    const chosen = selectedAddonProducts(addons, ['a', 'b']);
    expect(totalCents(plus, chosen)).toBe(2893);
    // 19.95 + 4.99 in floats is 24.939999…; cents keep it exact.
    expect(formatTotal(totalCents(plus, selectedAddonProducts(addons, ['a'])), 'usd', 'es')).toBe('$24.94 USD');
  });

  it('ignores selected ids that are not offered', () => {
    expect(selectedAddonProducts(addons, ['zzz'])).toEqual([]);
    expect(selectedAddonProducts(undefined, ['a'])).toEqual([]);
  });

  it('formats with two decimals and the currency in capitals', () => {
    expect(formatTotal(995, 'usd', 'en')).toBe('$9.95 USD');
    expect(formatTotal(100000, 'usd', 'es')).toBe('$1,000.00 USD');
  });

  it('shows the spec price range until a plan is chosen', () => {
    expect(formatPriceRange('es')).toBe('$9.95 - $59.95');
    expect(formatPriceRange('en')).toBe('$9.95 - $59.95');
  });
});
