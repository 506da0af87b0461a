import { and, eq, exists, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { albumNoticeDigests, albumPhotos, albums, customizations, users } from '../../db/schema/index.js';
import type { EmailMessage, Mailer } from '../../platform/mailer/mailer.js';
import { every } from './media-sweeps.js';

export const DIGEST_INTERVAL_MS = 3_600_000;

export interface DigestItem {
  albumId: string;
  hostEmail: string;
  eventName: string;
  uploads: Array<{ uploadedByName: string; kind: 'photo' | 'video' }>;
}

class NothingToSend extends Error {}

/**
 * The album digests due at `now`: albums whose host turned notices on, with uploads no digest
 * has counted yet, and no digest in the last hour. Each album is claimed in its own transaction
 * by moving its `last_sent_at` forward only if it is still an hour old (the row lock makes
 * a second server wait and then find nothing), and marking its new uploads as counted.
 */
export async function claimDueDigests(db: Database, now: Date, limit = 50): Promise<DigestItem[]> {
  const hourAgo = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const candidates = await db
    .select({ albumId: albums.id, hostEmail: users.email, eventName: customizations.eventName })
    .from(albums)
    .innerJoin(customizations, eq(customizations.id, albums.customizationId))
    .innerJoin(users, eq(users.id, albums.userId))
    .leftJoin(albumNoticeDigests, eq(albumNoticeDigests.albumId, albums.id))
    .where(
      and(
        eq(customizations.enableNotices, true),
        or(isNull(albumNoticeDigests.lastSentAt), lte(albumNoticeDigests.lastSentAt, hourAgo)),
        exists(db.select({ one: sql`1` }).from(albumPhotos).where(and(eq(albumPhotos.albumId, albums.id), isNull(albumPhotos.noticedAt)))),
      ),
    )
    .limit(limit);

  const claimed: DigestItem[] = [];
  for (const candidate of candidates) {
    try {
      const uploads = await db.transaction(async (tx) => {
        await tx.insert(albumNoticeDigests).values({ albumId: candidate.albumId, lastSentAt: new Date(0) }).onConflictDoNothing();
        const [won] = await tx
          .update(albumNoticeDigests)
          .set({ lastSentAt: now })
          .where(and(eq(albumNoticeDigests.albumId, candidate.albumId), lte(albumNoticeDigests.lastSentAt, hourAgo)))
          .returning({ albumId: albumNoticeDigests.albumId });
        if (!won) throw new NothingToSend();
        const marked = await tx
          .update(albumPhotos)
          .set({ noticedAt: now })
          .where(and(eq(albumPhotos.albumId, candidate.albumId), isNull(albumPhotos.noticedAt)))
          .returning({ uploadedByName: albumPhotos.uploadedByName, kind: albumPhotos.kind });
        // Nothing new after all (another server just counted it): keep the old time.
        if (marked.length === 0) throw new NothingToSend();
        return marked;
      });
      claimed.push({ ...candidate, uploads });
    } catch (error) {
      if (!(error instanceof NothingToSend)) throw error;
    }
  }
  return claimed;
}

/** "12 fotos y 1 video" / "12 photos and 1 video", with the uploaders by count, most first. */
export function digestEmail(item: DigestItem, link: string): EmailMessage {
  const photos = item.uploads.filter((upload) => upload.kind === 'photo').length;
  const videos = item.uploads.length - photos;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const es = [photos && plural(photos, 'foto', 'fotos'), videos && plural(videos, 'video', 'videos')].filter(Boolean).join(' y ');
  const en = [photos && plural(photos, 'photo', 'photos'), videos && plural(videos, 'video', 'videos')].filter(Boolean).join(' and ');
  const byName = new Map<string, number>();
  for (const upload of item.uploads) byName.set(upload.uploadedByName, (byName.get(upload.uploadedByName) ?? 0) + 1);
  const people = [...byName].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name, n]) => `- ${name}: ${n}`);
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
  return {
    /** Sends every digest due at `now`; answers how many were sent. */
    async runOnce(now = new Date()): Promise<number> {
      const due = await claimDueDigests(db, now);
      for (const item of due) await mailer.send(digestEmail(item, `${config.publicUrl}/album-detail/${item.albumId}`));
      return due.length;
    },
  };
}

export type NoticesDigest = ReturnType<typeof createNoticesDigest>;

/** Wires the digest: every NOTICES_DIGEST_SWEEP_MS on each server (0: off). */
export function startNoticesDigest(app: FastifyInstance, deps: { db: Database; mailer: Mailer; config: Config }) {
  const digest = createNoticesDigest(deps);
  every(app, 'upload digest e-mails', deps.config.NOTICES_DIGEST_SWEEP_MS, () => digest.runOnce());
  return digest;
}
