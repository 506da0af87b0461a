import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.js';
import { fonts, products } from './schema/index.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
});
afterAll(() => database.close());

describe('seeded catalogue', () => {
  it('has the eight base plans of PRODUCT.md at their prices in cents', async () => {
    const plans = await database.db
      .select()
      .from(products)
      .where(eq(products.isAddon, false))
      .orderBy(asc(products.billingType), asc(products.sortOrder));
    expect(plans.map((plan) => [plan.billingType, plan.tier, plan.priceMinor])).toEqual([
      ['one_time', 'basic', 995],
      ['one_time', 'plus', 1995],
      ['one_time', 'premium', 3995],
      ['one_time', 'elite', 5995],
      ['subscription', 'basic', 299],
      ['subscription', 'plus', 599],
      ['subscription', 'premium', 1199],
      ['subscription', 'elite', 1799],
    ]);
  });

  it('has the nine add-ons', async () => {
    const addons = await database.db.select().from(products).where(eq(products.isAddon, true));
    expect(addons.map((addon) => addon.addonType).sort()).toEqual([
      'advanced_analytics',
      'album_download',
      'dedicated_support',
      'extra_guests',
      'extra_photos',
      'extra_videos',
      'full_hd_videos',
      'priority_support',
      'watermark_removal',
    ]);
  });

  it('has the 15 fonts with their option ids in order', async () => {
    const rows = await database.db.select().from(fonts).orderBy(asc(fonts.sortOrder));
    expect(rows.map((font) => font.id)).toEqual([
      'arial',
      'times',
      'calibri',
      'helvetica',
      'verdana',
      'georgia',
      'courier',
      'tahoma',
      'trebuchet',
      'comic',
      'impact',
      'lucida',
      'palatino',
      'antiqua',
      'century',
    ]);
    expect(rows.find((font) => font.id === 'courier')?.genericFamily).toBe('mono');
  });
});
