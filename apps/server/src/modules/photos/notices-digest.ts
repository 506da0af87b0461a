import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { EmailMessage, Mailer } from '../../platform/mailer/mailer.js';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { createPhotoNoticesRepository, type DigestItem } from './photo-notices.repository.js';

/** "12 fotos y 1 video" / "12 photos and 1 video", with the uploaders by count, most first. */
export function digestEmail(item: DigestItem, link: string): EmailMessage {
  const photos = item.uploads.filter((upload) => upload.kind === 'photo').length;
  const videos = item.uploads.length - photos;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const es = [photos && plural(photos, 'foto', 'fotos'), videos && plural(videos, 'video', 'videos')]
    .filter(Boolean)
    .join(' y ');
  const en = [photos && plural(photos, 'photo', 'photos'), videos && plural(videos, 'video', 'videos')]
    .filter(Boolean)
    .join(' and ');
  const byName = new Map<string, number>();
  for (const upload of item.uploads) byName.set(upload.uploadedByName, (byName.get(upload.uploadedByName) ?? 0) + 1);
  const people = [...byName]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => `- ${name}: ${n}`);
  const event = item.eventName || 'tu álbum';
  return {
    to: item.hostEmail,
    subject: `Nuevas fotos en ${event} · New uploads: ${en}`,
    text: [
      'Hola:',
      `Tus invitados subieron ${es} a «${event}» en la última hora:`,
      ...people,
      '',
      `Míralas en ${link}`,
      '',
      'Hello,',
      `Your guests uploaded ${en} to "${event}" in the last hour (by guest above).`,
      `See them at ${link}`,
      '',
      'Puedes desactivar estos avisos en la personalización del álbum. · You can turn these notices off in the album settings.',
    ].join('\n'),
  };
}

export function createNoticesDigest({ db, mailer, config }: { db: Database; mailer: Mailer; config: Config }) {
  const notices = createPhotoNoticesRepository(db);
  return {
    /** Sends every digest due at `now`; answers how many were sent. */
    async runOnce(now = new Date()): Promise<number> {
      const due = await notices.claimDueDigests(now);
      for (const item of due) await mailer.send(digestEmail(item, `${config.publicUrl}/album-detail/${item.albumId}`));
      return due.length;
    },
  };
}

export type NoticesDigest = ReturnType<typeof createNoticesDigest>;

/** Wires the digest: every NOTICES_DIGEST_SWEEP_MS on each server (0: off). */
export function startNoticesDigest(app: FastifyInstance, deps: { db: Database; mailer: Mailer; config: Config }) {
  const digest = createNoticesDigest(deps);
  schedulePeriodicTask(app, {
    name: 'upload digest e-mails',
    everyMs: deps.config.NOTICES_DIGEST_SWEEP_MS,
    task: () => digest.runOnce(),
  });
  return digest;
}
