import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/db/schema/index.js';
import { loadConfig } from '../../src/config.js';
import { createGuestbookRepository } from '../../src/modules/guestbook/guestbook.repository.js';
import { createNoticesDigest } from '../../src/modules/host-photos/notices-digest.js';
import { uniqueEmail } from '../factories.js';
import { completedAlbum, joinAlbum, uploadedPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// Every e-mail is written in the account's language alone (users.language): set at registration
// (the body's `language`, else Accept-Language) and when the signed-in person switches (PATCH /me).

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-mail-language-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, NOTICES_DIGEST_SWEEP_MS: '0' } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const lastMailTo = async (to: string) => {
  const [mail] = await server.app.services.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return mail!;
};
const SPANISH = /Hola|Confirma|contraseña|Tus invitados|Míral/;
const ENGLISH = /Hello|Confirm your|password|Your guests|See them/;

async function register(body: Record<string, string>, headers: Record<string, string> = {}) {
  const email = uniqueEmail();
  const response = await server.request('POST', '/api/auth/register', {
    body: { email, password: 'correct-horse-9', ...body },
    headers,
  });
  expect(response.status).toBe(201);
  return { email, token: response.body.data.session.access_token as string };
}

describe("e-mails in the account's language", () => {
  it('writes the verification in English for an English sign-up, and the reset in Spanish once they switch', async () => {
    const { email, token } = await register({ language: 'en' });
    const verification = await lastMailTo(email);
    expect(verification.subject).toBe('Confirm your email — Momentos');
    expect(verification.textBody).toMatch(ENGLISH);
    expect(verification.textBody).not.toMatch(SPANISH);

    const switched = await server.request('PATCH', '/api/auth/me', { token, body: { language: 'es' } });
    expect(switched.status).toBe(200);
    expect((await server.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    const reset = await lastMailTo(email);
    expect(reset.subject).toBe('Restablece tu contraseña — Momentos');
    expect(reset.textBody).toMatch(SPANISH);
    expect(reset.textBody).not.toMatch(/Hello|Reset your|choose a new/);
  });

  it("takes the browser's language when the sign-up does not say, and Spanish when neither does", async () => {
    const english = await register({}, { 'accept-language': 'fr-FR,en-GB;q=0.8,es;q=0.5' });
    expect((await lastMailTo(english.email)).subject).toBe('Confirm your email — Momentos');
    const spanish = await register({}, { 'accept-language': 'de' });
    expect((await lastMailTo(spanish.email)).subject).toBe('Confirma tu correo — Momentos');
  });

  it('refuses a language it does not write, and a switch without a session', async () => {
    const { token } = await register({});
    expect((await server.request('PATCH', '/api/auth/me', { token, body: { language: 'fr' } })).status).toBe(400);
    expect((await server.request('PATCH', '/api/auth/me', { body: { language: 'en' } })).status).toBe(401);
    const unknown = await server.request('POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: 'correct-horse-9', language: 'xx' },
    });
    expect(unknown.status).toBe(400);
  });

  it("sends the host's upload digest in the host's language, whatever the guests speak", async () => {
    const album = await completedAlbum(server);
    const switched = await server.request('PATCH', '/api/auth/me', {
      token: album.host.token,
      body: { language: 'en' },
    });
    expect(switched.status).toBe(200);
    const guest = await joinAlbum(server, album, 'Ana');
    await uploadedPhoto(server, album.albumId, guest, 901);
    await uploadedPhoto(server, album.albumId, guest, 902);
    const digest = createNoticesDigest({
      db: server.app.services.database.db,
      mailer: server.app.services.mailer,
      config: loadConfig({ PUBLIC_URL: 'http://momentos.test' }),
      messages: createGuestbookRepository(server.app.services.database.db).notices,
    });
    expect(await digest.runOnce(new Date())).toBe(1);
    const mail = await lastMailTo(album.host.email);
    expect(mail.subject).toBe('New uploads in Boda de Ana y Luis: 2 photos');
    expect(mail.textBody).toContain('Your guests uploaded 2 photos to "Boda de Ana y Luis" in the last hour:');
    expect(mail.textBody).not.toMatch(SPANISH);
  });
});
