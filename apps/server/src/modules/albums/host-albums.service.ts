import {
  originalFileName,
  type Consolidado,
  type EventAnalytics,
  type EventListEntry,
  type Habilidades,
  type OwnerPhoto,
  type OwnerPhotoState,
} from '@momentos/contract';
import type { PackageSnapshot } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { toOrder } from '../checkout/checkout.service.js';
import { uploadWindowLastDay } from './upload-window.js';
import { uploadsOpen } from './upload-window.js';
import type { RenditionSigner } from '../photos/rendition-urls.js';
import { toItineraryEntry } from '../customizations/itinerary.service.js';
import { createAlbumZipService, type AlbumZipLayouts } from '../photos/album-zip.service.js';
import type { EventsRepository } from './host-albums.repository.js';
import type { PhotosRepository } from '../photos/photos.repository.js';
import { hostFeatures } from './host-features.js';
import { announcerOf, type AlbumChanges } from './album-events.js';
import type { HostLinkSigner } from '../access/signed-links.js';

const PLAN_NAMES: Record<PackageSnapshot['tier'], string> = { basic: 'Basic', plus: 'Plus', premium: 'Premium', elite: 'Elite' };
/** A signed download link lasts long enough to finish (and resume) a multi-gigabyte download. */
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
  /** The album's photos: every query of album_photos is the photos repository's. */
  photos: PhotosRepository;
  blobStore: BlobStore;
  renditions: RenditionSigner;
  links: HostLinkSigner;
  publicUrl: string;
  /** Moderation and deletions change what guests' cached pages show. */
  changes?: AlbumChanges;
  /** The whole-album ZIP layouts this server keeps (zip-layout-cache.ts). */
  zipLayouts: AlbumZipLayouts;
  /** Called after a photo becomes visible to guests (approved or unhidden): features.ts publishes it live. */
  onApproved?: (event: ApprovedPhotoEvent) => void | Promise<void>;
}



export function createEventsService({ repo, photos, blobStore, renditions, links, publicUrl, changes, zipLayouts, onApproved = () => undefined }: EventsServiceDeps) {
  const announce = announcerOf(changes);
  // The access policy let only the album's owner (or a signed link's holder) in: no check here.
  const albumById = async (albumId: string) => (await repo.findAlbum(albumId)) ?? Promise.reject(albumNotFound());
  const photoById = async (albumId: string, photoId: string) => (await photos.findInAlbum(albumId, photoId)) ?? Promise.reject(photoNotFound());

  const zip = createAlbumZipService({ repo: photos, blobStore, links, albumById, layouts: zipLayouts });
  const originalPath = (albumId: string, photoId: string) => `/api/events/${albumId}/photos/${photoId}/original`;

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
        uploadsCloseDate: uploadWindowLastDay(album.packageSnapshot.validUntil, customization.timeZone),
      }));
      const summary = {
        totalOrders: orderRows.length,
        completedOrders: orderRows.filter((o) => o.paymentStatus === 'completed').length,
        pendingOrders: orderRows.filter((o) => o.paymentStatus === 'pending').length,
        redeemedOrders: orderRows.filter((o) => o.redeemed).length,
      };
      return { events, orders: orderRows.map(toOrder), summary };
    },

    async details(albumId: string) {
      const { album, customization, order } = await albumById(albumId);
      const snapshot = album.packageSnapshot;
      const [itinerary, photoFigures, guests] = await Promise.all([
        repo.listItinerary(customization.id),
        photos.figures(albumId),
        repo.countGuests(albumId),
      ]);
      const figures = { ...photoFigures, guests };
      const open = uploadsOpen(snapshot);
      const habilidades: Habilidades = {
        paquete: PLAN_NAMES[snapshot.tier],
        status: open ? 'active' : 'inactive',
        fechaHabilitacion: snapshot.validFrom,
        fechaDeshabilitacion: snapshot.validUntil,
        uploadsCloseDate: uploadWindowLastDay(snapshot.validUntil, customization.timeZone),
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
        photos: figures.photos,
        videos: figures.videos,
        pendingPhotos: figures.pending,
        hiddenPhotos: figures.hidden,
        guests: figures.guests,
        likes: figures.likes,
        comments: figures.comments,
        bytesStored: figures.bytes,
        uploadsOpen: open,
        photosLeft: Math.max(0, snapshot.photoLimit - figures.photos),
        videosLeft: snapshot.videoLimit === null ? null : Math.max(0, snapshot.videoLimit - figures.videos),
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

    async photos(albumId: string, page: number, pageSize: number, state?: OwnerPhotoState) {
      const [rows, totalCount] = await Promise.all([photos.listPhotos(albumId, state, page, pageSize), photos.countPhotos(albumId, state)]);
      const ids = rows.map((row) => row.id);
      const [likes, comments] = await Promise.all([photos.likesOf(ids), photos.commentsOf(ids)]);
      const items = rows.map((photo): OwnerPhoto => {
        // The owner's own URLs: they keep showing a photo the host has hidden, which guests' do not.
        const display = renditions.url(albumId, photo.id, 'display', { audience: 'owner' });
        return {
          id: photo.id,
          urlFoto: display,
          thumbnail: renditions.url(albumId, photo.id, 'thumb', { audience: 'owner' }),
          originalUrl: links.sign(originalPath(albumId, photo.id), ORIGINAL_LINK_TTL_SECONDS).url,
          fecha: photo.uploadedAt.toISOString(),
          kind: photo.kind,
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
    async original(albumId: string, photoId: string) {
      const photo = await photoById(albumId, photoId);
      const blob = await blobStore.get(photo.originalKey);
      if (!blob) throw photoNotFound();
      // The stored original, byte for byte, whatever the watermark: the host's own photo.
      const ext = photo.originalKey.slice(photo.originalKey.lastIndexOf('.') + 1);
      return { ...blob, contentType: photo.mimeType, name: originalFileName(photo.originalName, ext) };
    },

    async moderate(albumId: string, photoId: string, action: 'approve' | 'hide' | 'unhide') {
      const photo = await photoById(albumId, photoId);
      if (action === 'unhide' && photo.status !== 'hidden') throw AppError.conflict('Only a hidden photo can be unhidden');
      const state: OwnerPhotoState = action === 'hide' ? 'hidden' : 'approved';
      if (photo.status !== state) {
        await photos.setPhotoState(photoId, state);
        if (state === 'approved') {
          // ── ALBUM-LIVE: the single place a photo becomes visible through moderation.
          await Promise.resolve(onApproved({ albumId, photoId, action: action === 'unhide' ? 'unhide' : 'approve' })).catch(() => undefined);
        }
      }
      return announce({ id: photoId, state });
    },

    /** Deletes the photo, its likes and comments, then its files. */
    async deletePhoto(albumId: string, photoId: string) {
      const row = await photos.deletePhoto(albumId, photoId);
      if (!row) throw photoNotFound();
      await Promise.all([row.originalKey, row.thumbKey, row.displayKey].map((key) => blobStore.delete(key)));
      await announce(undefined);
    },

    async deleteComment(albumId: string, commentId: string) {
      if (!(await photos.deleteComment(albumId, commentId))) throw AppError.notFound('Comment not found');
      await announce(undefined);
    },

    async analytics(albumId: string): Promise<EventAnalytics> {
      const { album } = await albumById(albumId);
      const features = hostFeatures(album.packageSnapshot);
      if (!features.basicAnalytics && !features.advancedAnalytics) {
        throw AppError.forbidden('Analytics are part of the Premium and Elite plans (advanced analytics: the advanced_analytics add-on)');
      }
      const [uploads, top, joined] = await Promise.all([photos.uploadsPerDay(albumId), photos.topContributors(albumId), repo.countGuests(albumId)]);
      const base = { uploadsPerDay: uploads, topContributors: top, guests: { joined, limit: album.packageSnapshot.guestLimit } };
      if (!features.advancedAnalytics) return { level: 'basic', ...base };
      const [views, likes] = await Promise.all([repo.viewsPerDay(albumId), photos.likesPerDay(albumId)]);
      return { level: 'advanced', ...base, viewsPerDay: views, likesPerDay: likes };
    },

    ...zip,
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
