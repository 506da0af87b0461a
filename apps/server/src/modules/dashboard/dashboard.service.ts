import type { Consolidado, EventAnalytics, EventListEntry, Habilidades } from '@momentos/contract';
import type { GuestAlbumRow, PackageSnapshot } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { albumNotFound } from '../access/index.js';
import { uploadsOpen, uploadWindowLastDay } from '../albums/index.js';
import { toOrder } from '../checkout/index.js';
import { hostFeatures } from '../customizations/index.js';
import { toItineraryEntry } from '../customizations/index.js';
import type { GuestbookApi } from '../guestbook/index.js';
import type { HostPhotosApi } from '../host-photos/index.js';
import type { DashboardRepository } from './dashboard.repository.js';

const PLAN_NAMES: Record<PackageSnapshot['tier'], string> = {
  basic: 'Basic',
  plus: 'Plus',
  premium: 'Premium',
  elite: 'Elite',
};

export interface DashboardDeps {
  repo: DashboardRepository;
  /** The album's photo figures (the host-photos module's). */
  photos: HostPhotosApi['counts'];
  /** The guestbook's message counts (its repository owns album_messages). */
  messages: GuestbookApi['counts'];
  /** The album's parts in use, its main part included (sections module). */
  sections: { partsInUse: (albumId: string) => Promise<number> };
  publicUrl: string;
}

/**
 * The host's screens over their albums (spec 001 §3 and §7): the dashboard list, an album's detail
 * and its analytics. The access policy let only the album's owner in.
 */
export function createDashboardService({ repo, photos, messages, sections, publicUrl }: DashboardDeps) {
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

    /** The album the access policy granted (the one cached album read), with what only its host sees. */
    async details(row: GuestAlbumRow) {
      const { album } = row;
      const albumId = album.id;
      const snapshot = album.packageSnapshot;
      const [host, photoFigures, guests, messageCount, sectionsUsed] = await Promise.all([
        repo.findHostFields(albumId),
        photos.figures(albumId),
        repo.countGuests(albumId),
        messages.countMessages(albumId),
        sections.partsInUse(albumId),
      ]);
      if (!host) throw albumNotFound();
      const figures = { ...photoFigures, guests, messages: messageCount };
      const open = uploadsOpen(snapshot);
      const habilidades: Habilidades = {
        paquete: PLAN_NAMES[snapshot.tier],
        status: open ? 'active' : 'inactive',
        fechaHabilitacion: snapshot.validFrom,
        fechaDeshabilitacion: snapshot.validUntil,
        uploadsCloseDate: uploadWindowLastDay(snapshot.validUntil, row.timeZone),
        numeroInvitados: snapshot.guestLimit,
        numeroImagenes: snapshot.photoLimit,
        numeroVideos: snapshot.videoLimit,
        unlimitedVideos: snapshot.videoLimit === null,
        // Elite's messages are unlimited: null ("not a number"), said by unlimitedMessages.
        numeroMensajes: snapshot.messageLimit,
        secciones: snapshot.sectionLimit,
        enableParejas: host.enableParejas ?? false,
        verification: row.enableVerification,
        marcaAgua: snapshot.hasWatermark ? 'Momentos' : null,
        tipoLetra: row.fontType,
        heightLetra: host.fontHeight,
        musica: row.musicUrl,
        avisos: host.enableNotices,
        ...hostFeatures(snapshot),
        unlimitedMessages: snapshot.messageLimit === null,
        voiceNotes: snapshot.voiceNotes,
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
        messages: figures.messages,
        messagesLeft: snapshot.messageLimit === null ? null : Math.max(0, snapshot.messageLimit - figures.messages),
        sectionsUsed,
      };
      return {
        evento: {
          nombre: row.eventName,
          urlImagen: row.coverImageUrl || null,
          fechaDeEvento: row.eventDate ?? '',
          fechaCompra: (host.completedAt ?? host.orderedAt).toISOString(),
          estatus: open,
          customization_id: album.customizationId,
          accessCode: album.accessCode,
          guestUrl: `${publicUrl}/guest/${album.accessCode}`,
          qrCodeUrl: `/api/albums/${album.id}/qr.png`,
          fontFamily: row.fontType || 'Arial',
        },
        habilidades,
        itinerario: row.itinerary.map(toItineraryEntry),
        consolidado,
      };
    },

    async analytics({ album }: GuestAlbumRow): Promise<EventAnalytics> {
      const albumId = album.id;
      const features = hostFeatures(album.packageSnapshot);
      if (!features.basicAnalytics && !features.advancedAnalytics) {
        throw AppError.forbidden(
          'Analytics are part of the Premium and Elite plans (advanced analytics: the advanced_analytics add-on)',
        );
      }
      const [uploads, top, joined, messagesPerDay] = await Promise.all([
        photos.uploadsPerDay(albumId),
        photos.topContributors(albumId),
        repo.countGuests(albumId),
        messages.perDay(albumId),
      ]);
      const base = {
        uploadsPerDay: uploads,
        topContributors: top,
        guests: { joined, limit: album.packageSnapshot.guestLimit },
        messagesPerDay,
        messages: {
          total: messagesPerDay.reduce((sum, point) => sum + point.count, 0),
          limit: album.packageSnapshot.messageLimit,
        },
      };
      if (!features.advancedAnalytics) return { level: 'basic', ...base };
      const [views, likes] = await Promise.all([repo.viewsPerDay(albumId), photos.likesPerDay(albumId)]);
      return { level: 'advanced', ...base, viewsPerDay: views, likesPerDay: likes };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
