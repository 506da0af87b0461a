import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostWithCustomization } from '../factories.js';
import { completedAlbum } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// PRODUCT.md's permission table, written out here by hand rather than imported from the
// implementation, so that a drift between the two fails this test.
// time_zone is not in the table: the host's browser sends it on every plan, and the upload window ends there.
// enable_public_guestbook is not either: every plan has a guestbook, and every host decides who reads it.
// enable_face_search ("Find me", issue 31) is Premium and Elite's, as the issue sells it.
const EVERY_TIER = [
  'event_name',
  'event_date',
  'event_location',
  'event_description',
  'cover_image_url',
  'enable_notices',
  'enable_guest_downloads',
  'enable_public_guestbook',
  'time_zone',
];
const PLUS_UP = ['font_type', 'font_height', 'music_url', 'enable_parejas'];
const PREMIUM_UP = ['enable_verification', 'enable_basic_analytics', 'enable_zip_download', 'enable_face_search'];
const ELITE_ONLY = ['enable_bilingual', 'enable_advanced_analytics', 'priority_support'];

const TIERS = [
  { tier: 'basic', priceId: 'price_basic_lifetime', allowed: EVERY_TIER },
  { tier: 'plus', priceId: 'price_plus_monthly', allowed: [...EVERY_TIER, ...PLUS_UP] },
  { tier: 'premium', priceId: 'price_premium_lifetime', allowed: [...EVERY_TIER, ...PLUS_UP, ...PREMIUM_UP] },
  { tier: 'elite', priceId: 'price_elite_monthly', allowed: [...EVERY_TIER, ...PLUS_UP, ...PREMIUM_UP, ...ELITE_ONLY] },
] as const;

// "Bought add-ons open their field": each is bought on a tier below the one that includes the
// field, and on a tier the catalogue lets it be bought with (album_download only basic and plus).
const ADDONS = [
  { addon: 'price_addon_advanced_analytics', plan: 'price_basic_lifetime', opens: 'enable_advanced_analytics' },
  { addon: 'price_addon_advanced_analytics', plan: 'price_premium_monthly', opens: 'enable_advanced_analytics' },
  { addon: 'price_addon_priority_support', plan: 'price_plus_lifetime', opens: 'priority_support' },
  { addon: 'price_addon_dedicated_support', plan: 'price_basic_monthly', opens: 'priority_support' },
  { addon: 'price_addon_album_download', plan: 'price_basic_monthly', opens: 'enable_zip_download' },
  { addon: 'price_addon_album_download', plan: 'price_plus_lifetime', opens: 'enable_zip_download' },
] as const;

interface Permissions {
  tier: string;
  allowedFields: Array<{ fieldName: string; required: boolean }>;
  lockedFields: Array<{ fieldName: string; unlockedBy: string | null }>;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function permissionsOf(priceId: string[]): Promise<Permissions> {
  const host = await hostWithCustomization(server, priceId);
  const response = await server.request('GET', `/api/customizations/${host.customizationId}/permissions`, {
    token: host.token,
  });
  expect(response.status).toBe(200);
  return response.body.data as Permissions;
}

const names = (fields: Array<{ fieldName: string }>) => fields.map((field) => field.fieldName).sort();

describe('GET /api/customizations/{id}/permissions per tier', () => {
  it.each(TIERS)('$tier allows exactly the fields of its column', async ({ tier, priceId, allowed }) => {
    const permissions = await permissionsOf([priceId]);
    expect(permissions.tier).toBe(tier);
    expect(names(permissions.allowedFields)).toEqual([...allowed].sort());
    expect(
      permissions.allowedFields
        .filter((field) => field.required)
        .map((field) => field.fieldName)
        .sort(),
    ).toEqual(['event_date', 'event_location', 'event_name']);
    // Every field is either allowed or locked, never both and never missing.
    expect([...names(permissions.allowedFields), ...names(permissions.lockedFields)].sort()).toEqual(
      [...EVERY_TIER, ...PLUS_UP, ...PREMIUM_UP, ...ELITE_ONLY].sort(),
    );
  });

  it('names the lowest tier that opens each locked field', async () => {
    const basic = await permissionsOf(['price_basic_monthly']);
    const unlockedBy = Object.fromEntries(basic.lockedFields.map((field) => [field.fieldName, field.unlockedBy]));
    for (const field of PLUS_UP) expect(unlockedBy[field], field).toBe('plus');
    for (const field of PREMIUM_UP) expect(unlockedBy[field], field).toBe('premium');
    for (const field of ELITE_ONLY) expect(unlockedBy[field], field).toBe('elite');
  });
});

describe('GET /api/customizations/{id}/permissions per add-on', () => {
  it.each(ADDONS)('$addon opens $opens on $plan, and only that', async ({ addon, plan, opens }) => {
    const without = names((await permissionsOf([plan])).allowedFields);
    expect(without).not.toContain(opens);
    const withAddon = names((await permissionsOf([plan, addon])).allowedFields);
    expect(withAddon).toEqual([...without, opens].sort());
  });
});

describe('enable_zip_download reads what the album can do, as the download and Detalles do', () => {
  it.each([
    { label: 'Plus with album_download', priceIds: ['price_plus_lifetime', 'price_addon_album_download'], zip: true },
    { label: 'Premium', priceIds: ['price_premium_monthly'], zip: true },
    { label: 'Plus without the add-on', priceIds: ['price_plus_lifetime'], zip: false },
  ])('$label: $zip everywhere the customization is read', async ({ priceIds, zip }) => {
    const { host, albumId } = await completedAlbum(server, priceIds);
    const token = host.token;
    const path = `/api/customizations/${host.customizationId}`;
    const read = await server.request('GET', path, { token });
    expect(read.body.data.enable_zip_download).toBe(zip);
    const permissions = await server.request('GET', `${path}/permissions`, { token });
    expect(permissions.body.data.currentValues.enable_zip_download).toBe(zip);
    const mine = await server.request('GET', '/api/customizations/my-customizations', { token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.find((row: { album_id: string }) => row.album_id === albumId).enable_zip_download).toBe(zip);
    const details = await server.request('GET', `/api/events/details/${albumId}`, { token });
    expect(details.body.data.habilidades.zipDownload).toBe(zip);
    // A save answers the same reading.
    const saved = await server.request('PATCH', path, { token, body: { event_location: 'Mérida' } });
    expect(saved.body.data.customization.enable_zip_download).toBe(zip);
  });

  it('says the same of a draft before its album exists: Plus with album_download bought at checkout', async () => {
    const host = await hostWithCustomization(server, ['price_plus_lifetime', 'price_addon_album_download']);
    const path = `/api/customizations/${host.customizationId}`;
    expect((await server.request('GET', path, { token: host.token })).body.data.enable_zip_download).toBe(true);
    const permissions = await server.request('GET', `${path}/permissions`, { token: host.token });
    expect(permissions.body.data.currentValues.enable_zip_download).toBe(true);
    const mine = await server.request('GET', '/api/customizations/my-customizations', { token: host.token });
    expect(mine.body.data.map((row: { enable_zip_download: boolean }) => row.enable_zip_download)).toEqual([true]);
  });
});
