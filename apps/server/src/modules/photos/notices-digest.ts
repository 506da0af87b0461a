import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { EmailMessage, Mailer } from '../../platform/mailer/mailer.js';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { createPhotoNoticesRepository, type DigestItem, type MessageNotices } from './photo-notices.repository.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** "3 fotos, 1 video y 2 mensajes": the parts that are not empty, the last one joined by the language's "and". */
const listed = (parts: string[], and: string) => {
  const named = parts.filter(Boolean);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} ${and} ${named.at(-1)}` : (named[0] ?? '');
};

/**
 * "12 fotos y 1 video" / "12 photos and 1 video", with the uploaders by count, most first; new
 * guestbook messages are counted after them ("y 3 mensajes" / "and 3 messages").
 */
export function digestEmail(item: DigestItem, link: string): EmailMessage {
  const photos = item.uploads.filter((upload) => upload.kind === 'photo').length;
  const videos = item.uploads.length - photos;
  const { messages } = item;
  const esParts = [photos ? plural(photos, 'foto', 'fotos') : '', videos ? plural(videos, 'video', 'videos') : ''];
  const enParts = [photos ? plural(photos, 'photo', 'photos') : '', videos ? plural(videos, 'video', 'videos') : ''];
  const [es, en] = [listed(esParts, 'y'), listed(enParts, 'and')];
  const messagesEs = plural(messages, 'mensaje', 'mensajes');
  const messagesEn = plural(messages, 'message', 'messages');
  const byName = new Map<string, number>();
  for (const upload of item.uploads) byName.set(upload.uploadedByName, (byName.get(upload.uploadedByName) ?? 0) + 1);
  const people = [...byName]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => `- ${name}: ${n}`);
  const event = item.eventName || 'tu álbum';
  // Uploads alone keep the words hosts already know; messages add their own.
  const [subject, esLine, enLine] =
    messages === 0
      ? [
          `Nuevas fotos en ${event} · New uploads: ${en}`,
          `Tus invitados subieron ${es} a «${event}» en la última hora:`,
          `Your guests uploaded ${en} to "${event}" in the last hour (by guest above).`,
        ]
      : [
          item.uploads.length > 0
            ? `Nuevas fotos y mensajes en ${event} · New uploads and messages: ${listed([...enParts, messagesEn], 'and')}`
            : `Nuevos mensajes en ${event} · New messages: ${messagesEn}`,
          `Tus invitados ${listed([es && `subieron ${es}`, `dejaron ${messagesEs}`], 'y')} en «${event}» en la última hora${people.length ? ':' : '.'}`,
          `Your guests ${listed([en && `uploaded ${en}`, `left ${messagesEn}`], 'and')} in "${event}" in the last hour${people.length ? ' (uploads by guest above)' : ''}.`,
        ];
  return {
    to: item.hostEmail,
    subject,
    text: [
      'Hola:',
      esLine,
      ...people,
      '',
      `${messages === 0 ? 'Míralas' : 'Míralos'} en ${link}`,
      '',
      'Hello,',
      enLine,
      `See them at ${link}`,
      '',
      'Puedes desactivar estos avisos en la personalización del álbum. · You can turn these notices off in the album settings.',
    ].join('\n'),
  };
}

export interface NoticesDigestDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
  /** The guestbook's new messages, claimed with the uploads (photo-notices.repository.ts). */
  messages: MessageNotices;
}

/** The outbox topic of digests: its hooks count the uploads and messages told once the e-mail is sent. */
const DIGEST_TOPIC = 'notices-digest';

export function createNoticesDigest({ db, mailer, config, messages }: NoticesDigestDeps) {
  const notices = createPhotoNoticesRepository(db, messages);
  mailer.onOutcome(DIGEST_TOPIC, {
    async sent(tx, emailId, at) {
      await notices.told(tx, emailId, at);
      await messages.told(tx, emailId, at);
    },
    async gaveUp(tx, emailId) {
      await notices.release(tx, emailId);
      await messages.release(tx, emailId);
    },
  });
  return {
    /** Queues every digest due at `now` in the outbox; answers how many were queued. */
    async runOnce(now = new Date()): Promise<number> {
      const queued = await notices.queueDueDigests(async (tx, item, emailId) => {
        const message = digestEmail(item, `${config.publicUrl}/album-detail/${item.albumId}`);
        const queuedId = await mailer.send(message, { tx, topic: DIGEST_TOPIC, id: emailId });
        // No address mail can reach (mailer.ts): nobody is left to tell, so nothing waits.
        if (!queuedId) {
          await notices.told(tx, emailId, now);
          await messages.told(tx, emailId, now);
        }
      }, now);
      // The digests' rows are committed now: deliver them without waiting for the outbox sweep.
      if (queued > 0) mailer.wake();
      return queued;
    },
  };
}

export type NoticesDigest = ReturnType<typeof createNoticesDigest>;

/** Wires the digest: every NOTICES_DIGEST_SWEEP_MS on each server (0: off). */
export function startNoticesDigest(app: FastifyInstance, deps: NoticesDigestDeps) {
  const digest = createNoticesDigest(deps);
  schedulePeriodicTask(app, {
    name: 'upload digest e-mails',
    everyMs: deps.config.NOTICES_DIGEST_SWEEP_MS,
    task: () => digest.runOnce(),
  });
  return digest;
}
