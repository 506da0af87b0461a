import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { EmailMessage, Mailer } from '../../platform/mailer/mailer.js';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { createPhotoNoticesRepository, type DigestItem, type MessageNotices } from './photo-notices.repository.js';

const plural = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;
/** "3 fotos, 1 video y 2 mensajes": the parts that are not empty, the last one joined by the language's "and". */
const listed = (parts: string[], and: string) => {
  const named = parts.filter(Boolean);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} ${and} ${named.at(-1)}` : (named[0] ?? '');
};

const WORDS = {
  es: {
    and: 'y',
    photo: ['foto', 'fotos'],
    video: ['video', 'videos'],
    message: ['mensaje', 'mensajes'],
    hello: 'Hola:',
    yourAlbum: 'tu álbum',
    off: 'Puedes desactivar estos avisos en la personalización del álbum.',
  },
  en: {
    and: 'and',
    photo: ['photo', 'photos'],
    video: ['video', 'videos'],
    message: ['message', 'messages'],
    hello: 'Hello,',
    yourAlbum: 'your album',
    off: 'You can turn these notices off in the album settings.',
  },
} as const;

/**
 * "12 fotos y 1 video" / "12 photos and 1 video", with the uploaders by count, most first; new
 * guestbook messages are counted after them ("y 3 mensajes" / "and 3 messages"). Written in the
 * host's language alone (users.language).
 */
export function digestEmail(item: DigestItem, link: string): EmailMessage {
  const language = item.hostLanguage;
  const words = WORDS[language];
  const photos = item.uploads.filter((upload) => upload.kind === 'photo').length;
  const videos = item.uploads.length - photos;
  const { messages } = item;
  const uploads = listed(
    [photos ? plural(photos, words.photo) : '', videos ? plural(videos, words.video) : ''],
    words.and,
  );
  const messageCount = plural(messages, words.message);
  const byName = new Map<string, number>();
  for (const upload of item.uploads) byName.set(upload.uploadedByName, (byName.get(upload.uploadedByName) ?? 0) + 1);
  const people = [...byName]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => `- ${name}: ${n}`);
  const event = item.eventName || words.yourAlbum;
  const colon = people.length ? ':' : '.';
  // Uploads alone keep the words hosts already know; messages add their own.
  const [subject, line, see] =
    language === 'es'
      ? messages === 0
        ? [
            `Nuevas fotos en ${event}: ${uploads}`,
            `Tus invitados subieron ${uploads} a «${event}» en la última hora${colon}`,
            `Míralas en ${link}`,
          ]
        : [
            item.uploads.length > 0
              ? `Nuevas fotos y mensajes en ${event}: ${listed([uploads, messageCount], 'y')}`
              : `Nuevos mensajes en ${event}: ${messageCount}`,
            `Tus invitados ${listed([uploads && `subieron ${uploads}`, `dejaron ${messageCount}`], 'y')} en «${event}» en la última hora${colon}`,
            `Míralos en ${link}`,
          ]
      : messages === 0
        ? [
            `New uploads in ${event}: ${uploads}`,
            `Your guests uploaded ${uploads} to "${event}" in the last hour${colon}`,
            `See them at ${link}`,
          ]
        : [
            item.uploads.length > 0
              ? `New uploads and messages in ${event}: ${listed([uploads, messageCount], 'and')}`
              : `New messages in ${event}: ${messageCount}`,
            `Your guests ${listed([uploads && `uploaded ${uploads}`, `left ${messageCount}`], 'and')} in "${event}" in the last hour${colon}`,
            `See them at ${link}`,
          ];
  return {
    to: item.hostEmail,
    subject,
    text: [words.hello, line, ...people, '', see, '', words.off].join('\n'),
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
