import { Readable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  albumGuests,
  albumPhotos,
  albums,
  customizations,
  itineraryEntries,
  orders,
  paymentCustomers,
  users,
  type AlbumGuestRow,
  type AlbumRow,
} from '../../db/schema/index.js';
import { generateToken, hashToken } from '../../platform/auth/tokens.js';
import { receiveToStaging } from '../../platform/media/staged-file.js';
import { generateAccessCode } from '../albums/index.js';
import { buildPackageSnapshot } from '../albums/index.js';
import type { AlbumsApi } from '../albums/index.js';
import type { GuestsApi } from '../guests/index.js';
import type { UploadsApi } from '../uploads/index.js';
import { samplePhotoJpeg } from './sample-photos.js';

/** The example album belongs to an account nobody can sign in to (its password hash matches no password). */
export const EXAMPLE_OWNER_EMAIL = 'album-de-ejemplo@momentos.invalid';
export const EXAMPLE_PHOTO_COUNT = 12;

const GUESTS = ['Lucía', 'Diego', 'Tía Carmen', 'Valentina', 'Mateo'];
const EVENT = {
  eventName: 'Boda de Sofía y Mateo',
  eventDate: '2026-10-17',
  eventLocation: 'Hacienda Los Laureles, Oaxaca',
  eventDescription: 'Gracias por celebrar con nosotros. Sube aquí tus fotos de la fiesta.',
  fontType: 'Georgia',
};
const ITINERARY = [
  { icon: 'Church', time: '17:00', title: 'Ceremonia', location: 'Capilla de la hacienda' },
  { icon: 'Wine', time: '18:30', title: 'Cóctel', location: 'Jardín principal' },
  { icon: 'Utensils', time: '20:00', title: 'Cena', location: 'Salón Laureles' },
  { icon: 'Music', time: '22:00', title: 'Baile', location: 'Terraza' },
];

export interface ExampleAlbumDeps {
  db: Database;
  guests: GuestsApi;
  albums: AlbumsApi;
  upload: UploadsApi['upload'];
  /** Where the drawn pictures are received before they go through the pipeline, as a guest's would. */
  stagingDir: string;
}

/** The example album, if the seed has finished it. */
export async function findExampleAlbum(db: Database): Promise<AlbumRow | undefined> {
  const [row] = await db
    .select({ album: albums })
    .from(albums)
    .innerJoin(users, eq(users.id, albums.userId))
    .where(eq(sql`lower(${users.email})`, EXAMPLE_OWNER_EMAIL));
  return row?.album;
}

/** Owner, paid order, finished customization and album: the rows a real host's purchase leaves. */
async function createExampleRows(db: Database): Promise<AlbumRow> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .insert(users)
      .values({ email: EXAMPLE_OWNER_EMAIL, passwordHash: '!example-album-no-login', emailVerifiedAt: new Date() })
      .returning();
    const [customer] = await tx
      .insert(paymentCustomers)
      .values({
        userId: owner!.id,
        provider: 'sandbox',
        providerCustomerId: `example-album-${owner!.id}`,
        email: EXAMPLE_OWNER_EMAIL,
      })
      .returning();
    const now = new Date();
    const [order] = await tx
      .insert(orders)
      .values({
        userId: owner!.id,
        customerId: customer!.id,
        provider: 'sandbox',
        billingType: 'one_time',
        priceMinor: 0,
        currency: 'USD',
        paymentMethod: 'example',
        paymentStatus: 'completed',
        redeemed: true,
        completedAt: now,
      })
      .returning();
    const [customization] = await tx
      .insert(customizations)
      // No digest e-mails: the owner's address is at the reserved .invalid domain, which no mail reaches.
      .values({
        orderId: order!.id,
        userId: owner!.id,
        status: 'completed',
        ...EVENT,
        enableParejas: true,
        enableNotices: false,
      })
      .returning();
    await tx.insert(itineraryEntries).values(
      ITINERARY.map((entry, position) => ({
        customizationId: customization!.id,
        position,
        icon: entry.icon,
        time: entry.time,
        title: entry.title,
        description: '',
        location: entry.location,
      })),
    );
    // Open until the seed has filled it (its event is in the past, so the plan's rule would close it at once).
    const event = { createdAt: now, eventDate: EVENT.eventDate, timeZone: '', paidThrough: null };
    const packageSnapshot = { ...buildPackageSnapshot('premium', 'one_time', [], event), validUntil: null };
    const [album] = await tx
      .insert(albums)
      .values({
        customizationId: customization!.id,
        orderId: order!.id,
        userId: owner!.id,
        accessCode: generateAccessCode(),
        packageSnapshot,
      })
      .returning();
    return album!;
  });
}

/**
 * Creates the home page's live example album on first start: a real album whose photos go
 * through the same upload pipeline as a guest's. Once filled, its upload window is closed and
 * its guest list is full, so visitors can look but not add to it. Safe to run on every start
 * and from several servers: the owner's unique e-mail lets only one create it, and the photos
 * are deterministic, so an interrupted run resumes without storing anything twice.
 */
export async function ensureExampleAlbum({
  db,
  guests,
  albums: albumReads,
  upload,
  stagingDir,
}: ExampleAlbumDeps): Promise<AlbumRow> {
  let album = await findExampleAlbum(db);
  if (!album) {
    try {
      album = await createExampleRows(db);
    } catch (error) {
      album = await findExampleAlbum(db);
      if (!album) throw error;
    }
  }
  const { validUntil } = album.packageSnapshot;
  if (validUntil !== null && new Date(validUntil) <= new Date()) return album;

  const [stored] = await db.select({ n: count() }).from(albumPhotos).where(eq(albumPhotos.albumId, album.id));
  if ((stored?.n ?? 0) < EXAMPLE_PHOTO_COUNT) {
    const passes: AlbumGuestRow[] = [];
    for (const name of GUESTS) {
      const guest = await guests.addGuestWithinLimit(
        { albumId: album.id, name, tokenHash: hashToken(generateToken()) },
        album.packageSnapshot.guestLimit,
      );
      if (guest) passes.push(guest);
    }
    const guestAlbum = await albumReads.findAlbum(album.id);
    if (!guestAlbum) throw new Error('The example album vanished while it was seeded');
    for (let index = 0; index < EXAMPLE_PHOTO_COUNT; index++) {
      const bytes = await samplePhotoJpeg(index);
      const guest = passes[index % passes.length]!;
      await upload.ingest(guestAlbum, guest, {
        staged: await receiveToStaging(Readable.from([bytes]), stagingDir),
        filename: `fiesta-${index + 1}.jpg`,
        uploaderName: guest.name,
      });
    }
  }
  const [joined] = await db.select({ n: count() }).from(albumGuests).where(eq(albumGuests.albumId, album.id));
  const closed = { ...album.packageSnapshot, validUntil: new Date().toISOString(), guestLimit: Number(joined?.n ?? 0) };
  const [updated] = await db.update(albums).set({ packageSnapshot: closed }).where(eq(albums.id, album.id)).returning();
  return updated ?? album;
}
