import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, paidOrder, sampleJpeg } from '../../../../e2e/support/album-fixture.js';
import { startProductServer, type ProductServer } from '../../../../e2e/support/product-server.js';
import { freshTestDatabaseUrl, seedDataDir } from '../test-database.js';

/**
 * The server process is killed (SIGKILL: no shutdown hook runs) in the middle of twenty uploads
 * and a payment. After a restart every acknowledged upload is there with its files, no photo row
 * lacks a file, no stored file is half-written, and the order says what the payment says.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-crash-'));
const servers: ProductServer[] = [];
let env: Record<string, string> = {};

async function start() {
  const server = await startProductServer(env, dataDir);
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function uploadRequest(baseUrl: string, albumId: string, token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('uploaderName', 'Prima Lupita');
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  return fetch(`${baseUrl}/api/albums/${albumId}/photos`, {
    method: 'POST',
    body: form,
    headers: { 'x-guest-token': token },
  });
}

/** Every stored media file that is not a temporary `.partial` decodes completely. */
async function halfWrittenFiles(): Promise<string[]> {
  const mediaDir = path.join(dataDir, 'media');
  const files = fs.existsSync(mediaDir) ? (fs.readdirSync(mediaDir, { recursive: true }) as string[]) : [];
  const broken: string[] = [];
  for (const file of files) {
    const full = path.join(mediaDir, file);
    if (file.endsWith('.partial') || !fs.statSync(full).isFile() || !/\.(jpg|webp|png)$/.test(file)) continue;
    await sharp(full, { failOn: 'truncated' })
      .stats()
      .catch(() => broken.push(file));
  }
  return broken;
}

describe('a server killed mid-work', () => {
  it('loses no acknowledged upload, keeps no half photo, and keeps orders true to their payment', async () => {
    env = { WEB_DIST_DIR: '', MEDIA_URL_SECRET: 'crash-test-signing-key-0123456789abcdef' };
    const url = await freshTestDatabaseUrl();
    if (url) env.DATABASE_URL = url;
    seedDataDir(dataDir);
    const first = await start();
    const album = await finishedAlbum(first.url, 'premium');
    const token = await joinAsGuest(album);
    const photos = await Promise.all(Array.from({ length: 20 }, (_, index) => sampleJpeg(500 + index, 2400, 1600)));
    const { host } = await paidOrder(first.url, 'basic');

    // A checkout whose payment is in flight when the process dies.
    const customer = (await (
      await fetch(`${first.url}/api/stripe/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${host.session.access_token}` },
        body: JSON.stringify({ email: host.email }),
      })
    ).json()) as { data: { id: string } };
    const plans = (await (await fetch(`${first.url}/api/stripe/products?type=one_time`)).json()) as {
      data: { priceId: string }[];
    };
    const checkout = (await (
      await fetch(`${first.url}/api/stripe/create-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${host.session.access_token}` },
        body: JSON.stringify({
          priceId: [plans.data[0]!.priceId],
          customerId: customer.data.id,
          successUrl: `${first.url}/album/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${first.url}/checkout`,
        }),
      })
    ).json()) as { data: { sessionId: string; orderId: string } };

    const acknowledged: string[] = [];
    const uploads = photos.map((bytes, index) =>
      uploadRequest(first.url, album.albumId, token, bytes, `foto-${index}.jpg`)
        .then(async (response) => {
          if (response.status === 201) acknowledged.push(((await response.json()) as { data: { id: string } }).data.id);
        })
        .catch(() => undefined),
    );
    const payment = fetch(`${first.url}/sandbox/checkout/${encodeURIComponent(checkout.data.sessionId)}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
    }).then(
      (response) => response.status,
      () => 0,
    );

    // Kill once some uploads are acknowledged and others are still in flight.
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await first.kill();
    await Promise.all(uploads);
    const paymentStatus = await payment;
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    // The kill landed mid-work: some uploads never got their answer.
    expect(acknowledged.length).toBeLessThan(20);

    const second = await start();
    const listed = (await (
      await fetch(`${second.url}/api/albums/${album.albumId}/photos?pageSize=100`, {
        headers: { 'x-album-code': album.accessCode },
      })
    ).json()) as {
      data: { items: { id: string; thumbnailUrl: string; displayUrl: string }[] };
    };
    const listedIds = listed.data.items.map((item) => item.id);
    expect(listedIds).toEqual(expect.arrayContaining(acknowledged));
    for (const item of listed.data.items) {
      for (const rendition of [item.thumbnailUrl, item.displayUrl]) {
        const response = await fetch(second.url + rendition);
        expect(response.status).toBe(200);
        await sharp(Buffer.from(await response.arrayBuffer()), { failOn: 'truncated' }).stats();
      }
    }
    expect(await halfWrittenFiles()).toEqual([]);

    // The order is completed only if the payment went through; asking the provider settles it.
    const order = async () =>
      (
        (await (
          await fetch(`${second.url}/api/orders/${checkout.data.orderId}`, {
            headers: { authorization: `Bearer ${host.session.access_token}` },
          })
        ).json()) as { data: { payment_status: string } }
      ).data.payment_status;
    const before = await order();
    if (paymentStatus === 303) expect(before).toBe('completed');
    else expect(['pending', 'completed']).toContain(before);
    await fetch(`${second.url}/api/stripe/verify-session/${encodeURIComponent(checkout.data.sessionId)}`, {
      headers: { authorization: `Bearer ${host.session.access_token}` },
    });
    const after = await order();
    expect(after === 'completed' || (after === 'pending' && paymentStatus !== 303)).toBe(true);
  }, 180_000);
});
