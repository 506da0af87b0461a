import { crc32 } from 'node:zlib';
import type { Consolidado, EventAnalytics, EventListEntry, Habilidades, OwnerPhoto, OwnerPhotoState } from '@momentos/contract';
import type { AlbumPhotoRow, PackageSnapshot } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { storedZip, type StoredZip, type ZipEntry } from '../../platform/zip/stored-zip.js';
import { toOrder } from '../checkout/checkout.service.js';
import { isFieldAllowed } from '../customizations/field-permissions.js';
import { uploadsOpen } from '../guests/guest-access.js';
import type { RenditionSigner } from '../guests/rendition-urls.js';
import { toItineraryEntry } from '../itinerary/itinerary.service.js';
import type { EventsRepository } from './events.repository.js';
import type { HostLinkSigner } from './signed-links.js';
import { zipNames } from './zip-names.js';

const PLAN_NAMES: Record<PackageSnapshot['tier'], string> = { basic: 'Basic', plus: 'Plus', premium: 'Premium', elite: 'Elite' };
/** A signed download link lasts long enough to finish (and resume) a multi-gigabyte download. */
export const DOWNLOAD_LINK_TTL_SECONDS = 6 * 3600;
const ORIGINAL_LINK_TTL_SECONDS = 3600;

const albumNotFound = () => AppError.notFound('Album not found');
const photoNotFound = () => AppError.notFound('Photo not found');

export interface ApprovedPhotoEvent {
  albumId: string;
  photoId: string;
  /** 'approve' for a pending photo let in, 'unhide' for a hidden one brought back. */
  action: 'approve' | 'unhide';
}

export interface EventsServiceDeps {
  repo: EventsRepository;
  blobStore: BlobStore;
  renditions: RenditionSigner;
  links: HostLinkSigner;
  publicUrl: string;
  /**
   * ── ALBUM-LIVE WIRING POINT ── called after a photo becomes visible to guests (approved or
   * unhidden). The lead wires the album event hub here at merge, e.g.
   * `onApproved: (e) => hub.publish(e.albumId, { type: 'photo-approved', photoId: e.photoId })`.
   * Defaults to a no-op.
   */
  onApproved?: (event: ApprovedPhotoEvent) => void | Promise<void>;
}

function entitlement(snapshot: PackageSnapshot) {
  return { tier: snapshot.tier, addons: snapshot.addons };
}

/** What the album's plan lets the host use (PRODUCT.md's permissions table, add-ons included). */
export function hostFeatures(snapshot: PackageSnapshot) {
  const e = entitlement(snapshot);
  return {
    zipDownload: isFieldAllowed('enable_zip_download', e),
    basicAnalytics: isFieldAllowed('enable_basic_analytics', e),
    advancedAnalytics: isFieldAllowed('enable_advanced_analytics', e),
  };
}

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
/** The video helper adds `kind` to album_photos; until then every row is a photo. */
const kindOf = (photo: AlbumPhotoRow): 'photo' | 'video' => ((photo as { kind?: string }).kind === 'video' ? 'video' : 'photo');

export function createEventsService({ repo, blobStore, renditions, links, publicUrl, onApproved = () => undefined }: EventsServiceDeps) {
  /** The album if the caller owns it; another owner's album is as absent as a missing one. */
  const ownAlbum = async (userId: string, albumId: string) => {
    const found = await repo.findAlbum(albumId);
    if (!found || found.album.userId !== userId) throw albumNotFound();
    return found;
  };
  const ownPhoto = async (userId: string, albumId: string, photoId: string) => {
    await ownAlbum(userId, albumId);
    return (await repo.findPhoto(albumId, photoId)) ?? Promise.reject(photoNotFound());
  };

  const originalPath = (albumId: string, photoId: string) => `/api/events/${albumId}/photos/${photoId}/original`;
  const zipPath = (albumId: string) => `/api/events/${albumId}/download.zip`;

  /** What goes in the ZIP for a photo: the original, or the watermarked display rendition. */
  const zipSource = (photo: AlbumPhotoRow, watermark: boolean) =>
    watermark && kindOf(photo) === 'photo'
      ? { key: photo.displayKey, variant: 'display' as const, crc: photo.displayCrc32 }
      : { key: photo.originalKey, variant: 'original' as const, crc: photo.originalCrc32 };

  /** Streams a stored object and stores its CRC-32: for rows made before the column existed. */
  const computeCrc = async (photo: AlbumPhotoRow, key: string, variant: 'original' | 'display') => {
    const blob = await blobStore.get(key);
    if (!blob) throw new Error(`Missing file ${key}`);
    let value = 0;
    for await (const chunk of blob.stream) value = crc32(chunk as Buffer, value);
    await repo.saveCrc32(photo.id, variant, value);
    return { value, size: blob.size };
  };

  return {
    async cliente(userId: string) {
      const [albumRows, orderRows] = await Promise.all([repo.listAlbumsOfUser(userId), repo.listOrdersOfUser(userId)]);
      const events = albumRows.map(({ album, customization, order }): EventListEntry => ({
        id: album.id,
        nombre: customization.eventName,
        estatus: uploadsOpen(album.packageSnapshot),
        fechaDeEvento: customization.eventDate ?? '',
        fechaCompra: (order.completedAt ?? order.createdAt).toISOString(),
        urlImagen: customization.coverImageUrl || null,
        has_customization: true,
        customization_id: customization.id,
      }));
      const summary = {
        totalOrders: orderRows.length,
        completedOrders: orderRows.filter((o) => o.paymentStatus === 'completed').length,
        pendingOrders: orderRows.filter((o) => o.paymentStatus === 'pending').length,
        redeemedOrders: orderRows.filter((o) => o.redeemed).length,
      };
      return { events, orders: orderRows.map(toOrder), summary };
    },

    async details(userId: string, albumId: string) {
      const { album, customization, order } = await ownAlbum(userId, albumId);
      const snapshot = album.packageSnapshot;
      const [itinerary, figures] = await Promise.all([repo.listItinerary(customization.id), repo.figures(albumId)]);
      const open = uploadsOpen(snapshot);
      const videos = 0; // counted once the video helper's `kind` column lands
      const habilidades: Habilidades = {
        paquete: PLAN_NAMES[snapshot.tier],
        status: open ? 'active' : 'inactive',
        fechaHabilitacion: snapshot.validFrom,
        fechaDeshabilitacion: snapshot.validUntil,
        numeroInvitados: snapshot.guestLimit,
        numeroImagenes: snapshot.photoLimit,
        numeroMensajes: null,
        secciones: null,
        enableParejas: customization.enableParejas ?? false,
        verification: customization.enableVerification,
        marcaAgua: snapshot.hasWatermark ? 'Momentos' : null,
        tipoLetra: customization.fontType,
        heightLetra: customization.fontHeight,
        musica: customization.musicUrl,
        avisos: customization.enableNotices,
        ...hostFeatures(snapshot),
      };
      const consolidado: Consolidado = {
        photos: figures.photos - videos,
        videos,
        pendingPhotos: figures.pending,
        hiddenPhotos: figures.hidden,
        guests: figures.guests,
        likes: figures.likes,
        comments: figures.comments,
        bytesStored: figures.bytes,
        uploadsOpen: open,
        photosLeft: Math.max(0, snapshot.photoLimit - figures.photos),
        videosLeft: snapshot.videoLimit === null ? null : Math.max(0, snapshot.videoLimit - videos),
        guestsLeft: Math.max(0, snapshot.guestLimit - figures.guests),
      };
      return {
        evento: {
          nombre: customization.eventName,
          urlImagen: customization.coverImageUrl || null,
          fechaDeEvento: customization.eventDate ?? '',
          fechaCompra: (order.completedAt ?? order.createdAt).toISOString(),
          estatus: open,
          customization_id: customization.id,
          accessCode: album.accessCode,
          guestUrl: `${publicUrl}/guest/${album.accessCode}`,
          qrCodeUrl: `/api/albums/${album.id}/qr.png`,
          fontFamily: customization.fontType || 'Arial',
        },
        habilidades,
        itinerario: itinerary.map(toItineraryEntry),
        consolidado,
      };
    },

    async photos(userId: string, albumId: string, page: number, pageSize: number, state?: OwnerPhotoState) {
      await ownAlbum(userId, albumId);
      const [rows, totalCount] = await Promise.all([repo.listPhotos(albumId, state, page, pageSize), repo.countPhotos(albumId, state)]);
      const ids = rows.map((row) => row.id);
      const [likes, comments] = await Promise.all([repo.likesOf(ids), repo.commentsOf(ids)]);
      const items = rows.map((photo): OwnerPhoto => {
        const display = renditions.url(albumId, photo.id, 'display');
        return {
          id: photo.id,
          urlFoto: display,
          thumbnail: renditions.url(albumId, photo.id, 'thumb'),
          originalUrl: links.sign(originalPath(albumId, photo.id), ORIGINAL_LINK_TTL_SECONDS).url,
          fecha: photo.uploadedAt.toISOString(),
          kind: kindOf(photo),
          originalName: photo.originalName,
          uploadedByName: photo.uploadedByName,
          state: photo.status,
          likes: likes.filter((like) => like.photoId === photo.id).map((like) => ({ guestName: like.guestName, createdAt: like.createdAt.toISOString() })),
          comentarios: comments
            .filter((comment) => comment.photoId === photo.id)
            .map((comment) => ({ id: comment.id, authorName: comment.authorName, text: comment.text, createdAt: comment.createdAt.toISOString() })),
        };
      });
      return { items, totalCount };
    },

    /** The original file, for its owner (bearer) or a holder of a signed link. */
    async original(albumId: string, photoId: string, caller: { userId?: string; signed: { exp?: number; sig?: string } }) {
      const path = originalPath(albumId, photoId);
      let photo: AlbumPhotoRow | undefined;
      if (links.verify(path, caller.signed.exp, caller.signed.sig)) photo = await repo.findPhoto(albumId, photoId);
      else if (caller.userId) photo = await ownPhoto(caller.userId, albumId, photoId);
      else throw AppError.unauthorized('Sign in, or use a fresh link to the photo');
      if (!photo) throw photoNotFound();
      const blob = await blobStore.get(photo.originalKey);
      if (!blob) throw photoNotFound();
      return { ...blob, contentType: photo.mimeType, name: photo.originalName };
    },

    async moderate(userId: string, albumId: string, photoId: string, action: 'approve' | 'hide' | 'unhide') {
      const photo = await ownPhoto(userId, albumId, photoId);
      if (action === 'unhide' && photo.status !== 'hidden') throw AppError.conflict('Only a hidden photo can be unhidden');
      const state: OwnerPhotoState = action === 'hide' ? 'hidden' : 'approved';
      if (photo.status !== state) {
        await repo.setPhotoState(photoId, state);
        if (state === 'approved') {
          // ── ALBUM-LIVE: the single place a photo becomes visible through moderation.
          await Promise.resolve(onApproved({ albumId, photoId, action: action === 'unhide' ? 'unhide' : 'approve' })).catch(() => undefined);
        }
      }
      return { id: photoId, state };
    },

    /** Deletes the photo, its likes and comments, then its files. */
    async deletePhoto(userId: string, albumId: string, photoId: string) {
      await ownAlbum(userId, albumId);
      const row = await repo.deletePhoto(albumId, photoId);
      if (!row) throw photoNotFound();
      await Promise.all([row.originalKey, row.thumbKey, row.displayKey].map((key) => blobStore.delete(key)));
    },

    async deleteComment(userId: string, albumId: string, commentId: string) {
      await ownAlbum(userId, albumId);
      if (!(await repo.deleteComment(albumId, commentId))) throw AppError.notFound('Comment not found');
    },

    async analytics(userId: string, albumId: string): Promise<EventAnalytics> {
      const { album } = await ownAlbum(userId, albumId);
      const features = hostFeatures(album.packageSnapshot);
      if (!features.basicAnalytics && !features.advancedAnalytics) {
        throw AppError.forbidden('Analytics are part of the Premium and Elite plans (advanced analytics: the advanced_analytics add-on)');
      }
      const [uploads, top, figures] = await Promise.all([repo.uploadsPerDay(albumId), repo.topContributors(albumId), repo.figures(albumId)]);
      const base = { uploadsPerDay: uploads, topContributors: top, guests: { joined: figures.guests, limit: album.packageSnapshot.guestLimit } };
      if (!features.advancedAnalytics) return { level: 'basic', ...base };
      const [views, likes] = await Promise.all([repo.viewsPerDay(albumId), repo.likesPerDay(albumId)]);
      return { level: 'advanced', ...base, viewsPerDay: views, likesPerDay: likes };
    },

    /**
     * The album's ZIP layout: every photo in upload order, stored uncompressed. Fails with a 403
     * naming the add-on when the plan lacks the download.
     */
    async albumZip(albumId: string, caller: { userId?: string; signed: { exp?: number; sig?: string } }) {
      const signedOk = links.verify(zipPath(albumId), caller.signed.exp, caller.signed.sig);
      if (!signedOk && !caller.userId) throw AppError.unauthorized('Sign in, or ask for a fresh download link');
      const found = signedOk ? await repo.findAlbum(albumId) : await ownAlbum(caller.userId!, albumId);
      if (!found) throw albumNotFound();
      return buildZip(found.album, found.customization.eventName);
    },

    async downloadLink(userId: string, albumId: string) {
      const { album, customization } = await ownAlbum(userId, albumId);
      const zip = await buildZip(album, customization.eventName);
      const { url, expiresAt } = links.sign(zipPath(albumId), DOWNLOAD_LINK_TTL_SECONDS);
      return { url, expiresAt: expiresAt.toISOString(), bytes: zip.zip.size };
    },
  };

  async function buildZip(album: { id: string; packageSnapshot: PackageSnapshot }, eventName: string): Promise<{ zip: StoredZip; fileName: string; etag: string }> {
    if (!hostFeatures(album.packageSnapshot).zipDownload) {
      throw AppError.forbidden('Downloading the whole album needs the album_download add-on ("Descarga ZIP") on Basic and Plus plans; Premium and Elite include it');
    }
    const watermark = album.packageSnapshot.hasWatermark;
    const names = zipNames(eventName);
    const photos = await repo.allPhotos(album.id);
    const entries: ZipEntry[] = [];
    for (const [index, photo] of photos.entries()) {
      const source = zipSource(photo, watermark);
      let crc = source.crc;
      let size = source.variant === 'original' ? photo.sizeBytes : undefined;
      if (crc === null || size === undefined) {
        if (crc === null) {
          const computed = await computeCrc(photo, source.key, source.variant);
          crc = computed.value;
          size = computed.size;
        } else {
          const blob = await blobStore.get(source.key, { start: 0, end: 0 });
          if (!blob) throw new Error(`Missing file ${source.key}`);
          blob.stream.destroy();
          size = blob.size;
        }
      }
      const key = source.key;
      entries.push({
        name: names.entry(index + 1, extOf(key)),
        size,
        crc32: crc,
        modified: photo.uploadedAt,
        async open(start, end) {
          const blob = await blobStore.get(key, { start, end });
          if (!blob) throw new Error(`Missing file ${key}`);
          return blob.stream;
        },
      });
    }
    const zip = storedZip(entries);
    // Same photos, same bytes: the ETag lets If-Range tell a resumed download it is still valid.
    let tag = crc32(`${names.archive}\n${zip.size}`);
    for (const entry of entries) tag = crc32(`${entry.name}:${entry.crc32}:${entry.size}\n`, tag);
    return { zip, fileName: names.archive, etag: `"${zip.size.toString(36)}-${tag.toString(36)}-${entries.length}"` };
  }
}

export type EventsService = ReturnType<typeof createEventsService>;
