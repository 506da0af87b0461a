import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { completedAlbum, joinAlbum } from '../guests/guest-factories.js';
import type { TestServer } from '../test-server.js';

/** Posts a message as JSON with the guest's token. */
export function postMessage(server: TestServer, albumId: string, token: string | undefined, body: unknown) {
  return server.request('POST', `/api/albums/${albumId}/messages`, {
    body,
    headers: token ? { 'x-guest-token': token } : {},
  });
}

/** Posts a message as multipart: its fields, and a voice note when given. */
export async function postVoiceMessage(
  server: TestServer,
  albumId: string,
  token: string,
  { text, voice, filename = 'nota.webm' }: { text?: string; voice?: Buffer; filename?: string },
) {
  const form = new FormData();
  if (text !== undefined) form.append('text', text);
  if (voice) form.append('voice', new Blob([new Uint8Array(voice)], { type: 'audio/webm' }), filename);
  const response = await fetch(`${server.url}/api/albums/${albumId}/messages`, {
    method: 'POST',
    body: form,
    headers: { 'x-guest-token': token },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The host makes the guestbook readable by guests (or private again). */
export async function setPublicGuestbook(
  server: TestServer,
  host: { token: string; customizationId: string },
  on = true,
) {
  const saved = await server.request('PATCH', `/api/customizations/${host.customizationId}`, {
    token: host.token,
    body: { enable_public_guestbook: on },
  });
  if (saved.status !== 200 || !saved.body.data.savedFields.includes('enable_public_guestbook')) {
    throw new Error(`enable_public_guestbook not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
}

/** The guests' view of the guestbook, with the guest's token. */
export async function guestList(server: TestServer, albumId: string, token: string) {
  const response = await server.request('GET', `/api/albums/${albumId}/messages`, {
    headers: { 'x-guest-token': token },
  });
  if (response.status !== 200) throw new Error(`guest list: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as {
    visible: boolean;
    voiceNotes: boolean;
    totalCount: number;
    items: {
      id: string;
      authorName: string;
      text: string;
      voiceUrl: string | null;
      voiceType: string | null;
      voiceDurationMs: number | null;
    }[];
  };
}

/** The host's view of the guestbook. */
export async function ownerList(server: TestServer, albumId: string, token: string, query = '') {
  const response = await server.request('GET', `/api/events/${albumId}/messages${query}`, { token });
  if (response.status !== 200) throw new Error(`owner list: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as {
    totalCount: number;
    counts: { approved: number; pending: number; hidden: number };
    limit: number | null;
    items: {
      id: string;
      text: string;
      status: string;
      voiceUrl: string | null;
      voiceType: string | null;
      voiceDurationMs: number | null;
    }[];
  };
}

/** The album's voice-note copy jobs as the queue holds them, one per message. */
export async function voiceCopyJobs(server: TestServer, albumId: string) {
  const result = await server.app.services.database.db.execute(sql`
    select m.id as "messageId", j.state, j.attempts, j.last_error as "lastError"
    from media_jobs j join album_messages m on m.id = j.message_id
    where m.album_id = ${albumId} and j.kind = 'voice-note-copy'`);
  return (result as unknown as { rows: { messageId: string; state: string; attempts: number; lastError: string }[] })
    .rows;
}

/** Waits until each voice note of the album has a job and none is waiting (done or given up). */
export async function settledVoiceNotes(server: TestServer, albumId: string, voiceNotes: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await voiceCopyJobs(server, albumId);
    if (jobs.length === voiceNotes && jobs.every((job) => job.state === 'done' || job.state === 'failed')) return jobs;
    if (Date.now() > deadline) throw new Error(`voice notes still waiting: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const run = promisify(execFile);

/**
 * A voice note as Chrome's MediaRecorder writes one: Opus in WebM, written live (no stated length),
 * `seconds` of ffmpeg's sine tone, with `tags` (e.g. a phone's LOCATION) written into it.
 */
export async function recordVoice(
  seconds: number,
  frequency = 440,
  tags: Record<string, string> = {},
): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-voice-'));
  const file = path.join(dir, 'voice.webm');
  try {
    const source = `sine=frequency=${frequency}:duration=${seconds}:sample_rate=16000`;
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', source, '-ac', '1', '-c:a', 'libopus', '-b:a', '12k'],
      ...Object.entries(tags).flatMap(([name, value]) => ['-metadata', `${name}=${value}`]),
      ...['-live', '1', '-f', 'webm', file],
    ]);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A new album of the plan `price` with one message from Tía Carmen carrying `voice`. */
export async function postedVoiceNote(server: TestServer, voice: Buffer, price = 'price_plus_lifetime') {
  const album = await completedAlbum(server, [price]);
  const token = await joinAlbum(server, album, 'Tía Carmen');
  const posted = await postVoiceMessage(server, album.albumId, token, { text: 'Escuchad', voice });
  expect(posted.status).toBe(201);
  return { album, token, id: posted.body.data.id as string };
}
