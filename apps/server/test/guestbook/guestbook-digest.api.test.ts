import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { outboxEmails } from '../../src/db/schema/index.js';
import { createGuestbookRepository } from '../../src/modules/guestbook/guestbook.repository.js';
import { createNoticesDigest } from '../../src/modules/host-photos/notices-digest.js';
import { completedAlbum, joinAlbum, uploadedPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { postMessage } from './guestbook-factories.js';

const HOUR = 3_600_000;
const mailsTo = async (server: TestServer, email: string) =>
  (
    await server.app.services.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, email))
      .orderBy(outboxEmails.createdAt)
  ).filter((mail) => mail.subject.startsWith('Nuev'));

describe('the hourly digest counts new guestbook messages', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The periodic sweep is off: the test drives the digest with its own clock.
    server = await startTestServer({ env: { NOTICES_DIGEST_SWEEP_MS: '0' } });
  });
  afterAll(async () => server?.close());
  const digest = () =>
    createNoticesDigest({
      db: server.app.services.database.db,
      mailer: server.app.services.mailer,
      config: loadConfig({ PUBLIC_URL: 'http://momentos.test' }),
      messages: createGuestbookRepository(server.app.services.database.db).notices,
    });

  it('reports messages with the photos beside them, once, and messages alone an hour later', async () => {
    const album = await completedAlbum(server);
    const ana = await joinAlbum(server, album, 'Ana');
    await uploadedPhoto(server, album.albumId, ana, 11);
    await uploadedPhoto(server, album.albumId, ana, 12);
    for (const text of ['uno', 'dos', 'tres'])
      expect((await postMessage(server, album.albumId, ana, { text })).status).toBe(201);

    const start = new Date();
    // Two servers sweeping at once still send one e-mail, and count each message once.
    const sent = await Promise.all([digest().runOnce(start), digest().runOnce(start)]);
    expect(sent[0] + sent[1]).toBe(1);
    let mails = await mailsTo(server, album.host.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Nuevas fotos y mensajes en Boda de Ana y Luis: 2 fotos y 3 mensajes',
    ]);
    expect(mails[0]!.textBody).toContain('Tus invitados subieron 2 fotos y dejaron 3 mensajes en «Boda de Ana y Luis»');
    // The host's language alone (Spanish, the default).
    expect(mails[0]!.textBody).not.toContain('Your guests');
    // uploadedPhoto signs as "Tía Carmen", whoever the guest is.
    expect(mails[0]!.textBody).toContain('- Tía Carmen: 2');

    expect(await digest().runOnce(new Date(start.getTime() + 2 * HOUR))).toBe(0);
    expect((await postMessage(server, album.albumId, ana, { text: 'cuatro' })).status).toBe(201);
    expect(await digest().runOnce(new Date(start.getTime() + 30 * 60_000))).toBe(0);
    expect(await digest().runOnce(new Date(start.getTime() + 3 * HOUR))).toBe(1);
    mails = await mailsTo(server, album.host.email);
    expect(mails[1]!.subject).toBe('Nuevos mensajes en Boda de Ana y Luis: 1 mensaje');
    expect(mails[1]!.textBody).toContain('Tus invitados dejaron 1 mensaje en «Boda de Ana y Luis» en la última hora.');
  });
});

describe('the running server’s digest', () => {
  it('includes the guestbook’s messages (the host-photos module hands them to it)', async () => {
    const server = await startTestServer({ env: { NOTICES_DIGEST_SWEEP_MS: '100' } });
    try {
      const album = await completedAlbum(server);
      const token = await joinAlbum(server, album);
      expect((await postMessage(server, album.albumId, token, { text: 'Felicidades' })).status).toBe(201);
      const deadline = Date.now() + 15_000;
      let subjects: string[] = [];
      while (subjects.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        subjects = (await mailsTo(server, album.host.email)).map((mail) => mail.subject);
      }
      expect(subjects).toEqual(['Nuevos mensajes en Boda de Ana y Luis: 1 mensaje']);
    } finally {
      await server.close();
    }
  });
});
