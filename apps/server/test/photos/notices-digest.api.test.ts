import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customizations, outboxEmails } from '../../src/db/schema/index.js';
import { loadConfig } from '../../src/config.js';
import { createGuestbookRepository } from '../../src/modules/guestbook/guestbook.repository.js';
import { createNoticesDigest } from '../../src/modules/host-photos/notices-digest.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, directWriteHeard, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-digest-'));
  // The periodic sweep is off: the test drives it with its own clock.
  server = await startTestServer({ env: { DATA_DIR: dataDir, NOTICES_DIGEST_SWEEP_MS: '0' } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const digest = () =>
  createNoticesDigest({
    db: server.app.services.database.db,
    mailer: server.app.services.mailer,
    config: loadConfig({ PUBLIC_URL: 'http://momentos.test' }),
    messages: createGuestbookRepository(server.app.services.database.db).notices,
  });
/** The digests in the outbox for a host (who also got account e-mails). */
const mailsTo = async (email: string) =>
  (
    await server.app.services.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, email))
      .orderBy(outboxEmails.createdAt)
  ).filter((mail) => mail.subject.startsWith('Nuevas fotos'));
const clip = () => fs.readFile(path.resolve(import.meta.dirname, '../fixtures/clip.mp4'));
const MINUTE = 60_000;

describe('enable_notices: the hourly digest of new uploads', () => {
  it('sends the host one digest an hour at most, counting photos and videos by guest', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const ana = await joinAlbum(server, album, 'Ana');
    const luis = await joinAlbum(server, album, 'Luis');
    for (const seed of [501, 502, 503])
      expect((await uploadPhoto(server, album.albumId, ana, await jpeg(seed), 'a.jpg', 'Ana')).status).toBe(201);
    expect((await uploadPhoto(server, album.albumId, luis, await clip(), 'v.mp4', 'Luis')).status).toBe(201);

    const start = new Date();
    // Two servers sweeping at once still send one message.
    const sent = await Promise.all([digest().runOnce(start), digest().runOnce(start)]);
    expect(sent[0] + sent[1]).toBe(1);
    let mails = await mailsTo(album.host.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Nuevas fotos en Boda de Ana y Luis: 3 fotos y 1 video');
    expect(mails[0]!.textBody).toContain('Tus invitados subieron 3 fotos y 1 video a «Boda de Ana y Luis»');
    expect(mails[0]!.textBody).toContain('- Ana: 3\n- Luis: 1');
    expect(mails[0]!.textBody).toContain(`http://momentos.test/album-detail/${album.albumId}`);

    // Nothing new: nothing sent. Something new within the hour: it waits.
    expect(await digest().runOnce(new Date(start.getTime() + 5 * MINUTE))).toBe(0);
    expect((await uploadPhoto(server, album.albumId, luis, await jpeg(504), 'b.jpg', 'Luis')).status).toBe(201);
    expect(await digest().runOnce(new Date(start.getTime() + 30 * MINUTE))).toBe(0);
    expect(await mailsTo(album.host.email)).toHaveLength(1);

    // An hour after the last one, the new upload alone is reported.
    expect(await digest().runOnce(new Date(start.getTime() + 61 * MINUTE))).toBe(1);
    mails = await mailsTo(album.host.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('1 foto');
    expect(mails[1]!.textBody).toContain('- Luis: 1');
    expect(mails[1]!.textBody).not.toContain('Ana:');
  });

  it('sends nothing when the host turned notices off', async () => {
    const album = await completedAlbum(server);
    await server.app.services.database.db
      .update(customizations)
      .set({ enableNotices: false })
      .where(eq(customizations.id, album.host.customizationId));
    await directWriteHeard(server);
    const token = await joinAlbum(server, album);
    expect((await uploadPhoto(server, album.albumId, token, await jpeg(601))).status).toBe(201);
    expect(await digest().runOnce(new Date(Date.now() + 2 * 3_600_000))).toBe(0);
    expect(await mailsTo(album.host.email)).toHaveLength(0);
  });
});
