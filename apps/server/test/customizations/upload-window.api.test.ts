import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.js';
import { hostWithCustomization } from '../factories.js';
import { directWriteHeard, joinAlbum, jpeg, patchSnapshot, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The calendar date `days` from today (UTC), YYYY-MM-DD. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The last millisecond of `date` at a fixed UTC offset, written out by hand rather than computed by the server's code. */
const endOfDayAt = (date: string, offset: string) => new Date(`${date}T23:59:59.999${offset}`).toISOString();

type Host = Awaited<ReturnType<typeof hostWithCustomization>>;

const patch = (host: Host, body: Record<string, unknown>) =>
  server.request('PATCH', `/api/customizations/${host.customizationId}`, { token: host.token, body });

/** A finished album of the plan for an event on `eventDate`, with the host's time zone if given. */
async function albumFor(priceId: string, eventDate: string, timeZone?: string) {
  const host = await hostWithCustomization(server, [priceId]);
  const zone = timeZone ? { time_zone: timeZone } : {};
  const saved = await patch(host, {
    event_name: 'Boda de Ana y Luis',
    event_date: eventDate,
    event_location: 'Oaxaca',
    ...zone,
  });
  expect(saved.status).toBe(200);
  const completed = await server.request('POST', `/api/customizations/${host.customizationId}/complete`, {
    token: host.token,
  });
  expect(completed.status).toBe(200);
  return { host, albumId: completed.body.data.albumId as string, accessCode: completed.body.data.accessCode as string };
}

/** What the host is shown: the close instant and day on the album detail and on the dashboard card. */
async function windowOf(album: { host: Host; albumId: string }) {
  const details = await server.request('GET', `/api/events/details/${album.albumId}`, { token: album.host.token });
  const list = await server.request('GET', '/api/events/cliente', { token: album.host.token });
  const card = list.body.data.events.find((event: { id: string }) => event.id === album.albumId);
  expect(card.uploadsCloseDate).toBe(details.body.data.habilidades.uploadsCloseDate);
  const until: string | null = details.body.data.habilidades.fechaDeshabilitacion;
  return { until, lastDay: card.uploadsCloseDate as string | null };
}

describe('the upload window follows the event', () => {
  it('closes a Plus album at the end of the 15th day after its event, in the album’s time zone', async () => {
    const eventDate = dayFromToday(30);
    const album = await albumFor('price_plus_lifetime', eventDate, 'America/Mexico_City');
    // Mexico City has kept UTC−6 all year since 2022.
    expect(await windowOf(album)).toEqual({
      until: endOfDayAt(addDays(eventDate, 15), '-06:00'),
      lastDay: addDays(eventDate, 15),
    });
    const guestView = await server.request('GET', `/api/albums/code/${album.accessCode}`);
    expect(guestView.body.data.uploadsCloseAt).toBe(endOfDayAt(addDays(eventDate, 15), '-06:00'));
  });

  it('moves when the host moves the event date or the time zone', async () => {
    const album = await albumFor('price_plus_lifetime', dayFromToday(30), 'America/Mexico_City');
    const later = dayFromToday(41);
    expect((await patch(album.host, { event_date: later })).status).toBe(200);
    expect(await windowOf(album)).toEqual({
      until: endOfDayAt(addDays(later, 15), '-06:00'),
      lastDay: addDays(later, 15),
    });
    const saved = await patch(album.host, { time_zone: 'asia/tokyo' });
    expect(saved.body.data.customization.time_zone).toBe('Asia/Tokyo');
    expect(await windowOf(album)).toEqual({
      until: endOfDayAt(addDays(later, 15), '+09:00'),
      lastDay: addDays(later, 15),
    });
  });

  it('ends the day at UTC−12 when the album’s time zone is unknown, so it never closes early', async () => {
    const eventDate = dayFromToday(30);
    const album = await albumFor('price_basic_lifetime', eventDate);
    expect(await windowOf(album)).toEqual({
      until: endOfDayAt(addDays(eventDate, 7), '-12:00'),
      lastDay: addDays(eventDate, 7),
    });
  });

  it('refuses a time zone that is not one', async () => {
    const host = await hostWithCustomization(server, ['price_basic_lifetime']);
    for (const timeZone of ['Mars/Olympus', '+05:00', 'Europe/Madrid; drop table albums']) {
      const response = await patch(host, { time_zone: timeZone });
      expect(response.status, timeZone).toBe(400);
      expect(response.body.message).toContain('time_zone');
    }
    const saved = await patch(host, { time_zone: 'Europe/Madrid' });
    expect(saved.body.data).toMatchObject({
      savedFields: ['time_zone'],
      customization: { time_zone: 'Europe/Madrid' },
    });
  });

  it('never closes for Elite, wherever the event moves', async () => {
    const album = await albumFor('price_elite_lifetime', dayFromToday(30), 'America/Mexico_City');
    expect(await windowOf(album)).toEqual({ until: null, lastDay: null });
    await patch(album.host, { event_date: dayFromToday(-400) });
    expect(await windowOf(album)).toEqual({ until: null, lastDay: null });
  });

  it('accepts uploads before the close and refuses them after it with UPLOADS_CLOSED', async () => {
    const album = await albumFor('price_plus_lifetime', dayFromToday(30));
    const token = await joinAlbum(server, album);
    expect((await uploadPhoto(server, album.albumId, token, await jpeg(1))).status).toBe(201);
    // 20 days ago: the 15th day after it ended days ago even at UTC−12.
    await patch(album.host, { event_date: dayFromToday(-20) });
    const refused = await uploadPhoto(server, album.albumId, token, await jpeg(2));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'UPLOADS_CLOSED' });
    await patch(album.host, { event_date: dayFromToday(-5) });
    expect((await uploadPhoto(server, album.albumId, token, await jpeg(3))).status).toBe(201);
  });

  it('keeps a cancelled subscription’s window closed at the end of its paid period when the date moves', async () => {
    const album = await albumFor('price_plus_monthly', dayFromToday(30));
    const paidUntil = new Date(Date.now() - 86_400_000);
    await endSubscription(album.host.orderId, paidUntil);
    await patch(album.host, { event_date: dayFromToday(31) });
    expect((await windowOf(album)).until).toBe(paidUntil.toISOString());
  });
});

async function endSubscription(orderId: string, paidUntil: Date) {
  const db = server.app.services.database.db;
  await db.update(orders).set({ paidUntil, subscriptionEndedAt: paidUntil }).where(eq(orders.id, orderId));
}

describe('migration 0014_upload_window_follows_event', () => {
  const migration = fileURLToPath(
    new URL('../../src/db/migrations/0014_upload_window_follows_event.sql', import.meta.url),
  );

  it('moves the old windows, counted from creation, to the event rule', async () => {
    const eventDate = dayFromToday(30);
    const oldRule = new Date(Date.now() + 15 * 86_400_000).toISOString();
    const mexico = await albumFor('price_plus_lifetime', eventDate, 'America/Mexico_City');
    const unknown = await albumFor('price_premium_lifetime', eventDate);
    const elite = await albumFor('price_elite_lifetime', eventDate);
    const cancelled = await albumFor('price_plus_monthly', eventDate);
    const paidUntil = new Date(Date.now() - 3_600_000);
    await endSubscription(cancelled.host.orderId, paidUntil);
    for (const album of [mexico, unknown, cancelled])
      await patchSnapshot(server, album.albumId, { validUntil: oldRule });

    await server.app.services.database.db.execute(sql.raw(await fs.readFile(migration, 'utf8')));
    await directWriteHeard(server);

    expect(await windowOf(mexico)).toEqual({
      until: endOfDayAt(addDays(eventDate, 15), '-06:00'),
      lastDay: addDays(eventDate, 15),
    });
    expect(await windowOf(unknown)).toEqual({
      until: endOfDayAt(addDays(eventDate, 30), '-12:00'),
      lastDay: addDays(eventDate, 30),
    });
    expect(await windowOf(elite)).toEqual({ until: null, lastDay: null });
    expect((await windowOf(cancelled)).until).toBe(paidUntil.toISOString());
  });
});
