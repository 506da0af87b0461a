import { z } from 'zod';
import { ZOrder } from './checkout.js';
import { successEnvelope, ZPageNumber } from './common.js';
import { ZItineraryEntry } from './itinerary.js';
import { ZSectionFilter } from './sections.js';
import { ZVideoPlayback } from './video-playback.js';

/**
 * The host's side of an album (spec 001 §3, "evento"): the dashboard list, the album detail,
 * the owner's photo list, moderation, analytics and the whole-album download.
 */
export const ZEventIdParams = z.object({ id: z.uuid() });
export const ZEventPhotoParams = z.object({ id: z.uuid(), photoId: z.uuid() });
export const ZEventCommentParams = z.object({ id: z.uuid(), commentId: z.uuid() });

/** Dashboard album card (spec 001 §3 "Album (dashboard list)"). */
export const ZEventListEntry = z.object({
  id: z.uuid(),
  nombre: z.string(),
  estatus: z.boolean(),
  /** YYYY-MM-DD, or '' when unset. */
  fechaDeEvento: z.string(),
  /** ISO timestamp of the order's payment. */
  fechaCompra: z.string(),
  urlImagen: z.string().nullable(),
  has_customization: z.boolean(),
  customization_id: z.uuid().nullable(),
  /** Not in the spec: the last day guests can upload (YYYY-MM-DD in the album's time zone); null: never closes. */
  uploadsCloseDate: z.string().nullable(),
});
export type EventListEntry = z.infer<typeof ZEventListEntry>;

export const ZDashboardSummary = z.object({
  totalOrders: z.number().int(),
  completedOrders: z.number().int(),
  pendingOrders: z.number().int(),
  redeemedOrders: z.number().int(),
});
export type DashboardSummary = z.infer<typeof ZDashboardSummary>;

/** `GET /api/events/cliente`: only the caller's own events and orders. */
export const ZClientEventsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ events: z.array(ZEventListEntry), orders: z.array(ZOrder), summary: ZDashboardSummary }),
});
export type ClientEvents = z.infer<typeof ZClientEventsResponse>['data'];

/** Spec 001 §3 "Event (owner view)", plus what the share panel needs. */
export const ZEvento = z.object({
  nombre: z.string(),
  urlImagen: z.string().nullable(),
  fechaDeEvento: z.string(),
  fechaCompra: z.string(),
  estatus: z.boolean(),
  customization_id: z.uuid().nullable(),
  accessCode: z.string(),
  /** Absolute guest link `/guest/{code}`. */
  guestUrl: z.string(),
  /** PNG of the guest link's QR code. */
  qrCodeUrl: z.string(),
  fontFamily: z.string(),
});
export type Evento = z.infer<typeof ZEvento>;

/** Spec 001 §3 "Package info (habilidades)", from the album's package snapshot and customization. */
export const ZHabilidades = z.object({
  paquete: z.string(),
  status: z.string(),
  fechaHabilitacion: z.string(),
  fechaDeshabilitacion: z.string().nullable(),
  numeroInvitados: z.number().int().nullable(),
  numeroImagenes: z.number().int().nullable(),
  /** Not in the spec's list: the plan's video clips (add-ons included); null on Elite, whose clips are unlimited. */
  numeroVideos: z.number().int().nullable(),
  /** Not in the spec's list: the video clips are unlimited (Elite), so `numeroVideos` is null. */
  unlimitedVideos: z.boolean(),
  /** The plan's guestbook messages; null on Elite, whose messages are unlimited (`unlimitedMessages`). */
  numeroMensajes: z.number().int().nullable(),
  /** The plan's sections (Basic 1: the whole album). */
  secciones: z.number().int().nullable(),
  enableParejas: z.boolean(),
  verification: z.boolean(),
  marcaAgua: z.string().nullable(),
  tipoLetra: z.string(),
  heightLetra: z.number().int(),
  musica: z.string(),
  avisos: z.boolean(),
  /** Not in the spec's list: the last day guests can upload (YYYY-MM-DD in the album's time zone); null: never closes. */
  uploadsCloseDate: z.string().nullable(),
  /** Not in the spec's list: which optional host features the album holds. */
  zipDownload: z.boolean(),
  basicAnalytics: z.boolean(),
  advancedAnalytics: z.boolean(),
  /** Not in the spec's list: the guestbook takes any number of messages (Elite), so `numeroMensajes` is null. */
  unlimitedMessages: z.boolean(),
  /** Not in the spec's list: guests may leave a voice note with their message (Plus and above). */
  voiceNotes: z.boolean(),
});
export type Habilidades = z.infer<typeof ZHabilidades>;

/** The album's figures ("consolidado"; the spec leaves its fields open). */
export const ZConsolidado = z.object({
  /** Photos and video clips apart, in every state: each counts against its own plan limit. */
  photos: z.number().int(),
  videos: z.number().int(),
  /** Uploads of either kind waiting for review, and hidden ones. */
  pendingPhotos: z.number().int(),
  hiddenPhotos: z.number().int(),
  guests: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  bytesStored: z.number().int(),
  uploadsOpen: z.boolean(),
  photosLeft: z.number().int(),
  /** Null when the plan's video clips are unlimited. */
  videosLeft: z.number().int().nullable(),
  guestsLeft: z.number().int(),
  /** Guestbook messages in every state, and how many more the plan takes (null when unlimited). */
  messages: z.number().int(),
  messagesLeft: z.number().int().nullable(),
  /** The album's parts in use: its main part plus the host's sections (of `habilidades.secciones`). */
  sectionsUsed: z.number().int(),
});
export type Consolidado = z.infer<typeof ZConsolidado>;

export const ZEventDetailsResponse = successEnvelope(
  z.object({
    evento: ZEvento,
    habilidades: ZHabilidades,
    itinerario: z.array(ZItineraryEntry),
    consolidado: ZConsolidado,
  }),
);
export type EventDetails = z.infer<typeof ZEventDetailsResponse>['data'];

export const ZOwnerPhotoState = z.enum(['approved', 'pending', 'hidden']);
export type OwnerPhotoState = z.infer<typeof ZOwnerPhotoState>;

export const ZOwnerComment = z.object({
  id: z.uuid(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const ZOwnerLike = z.object({ guestName: z.string(), createdAt: z.string() });

/** Spec 001 §3 "Photo (owner view)", plus the moderation state and the thumbnail. */
export const ZOwnerPhoto = z.object({
  id: z.uuid(),
  /** Display rendition (signed URL). */
  urlFoto: z.string(),
  thumbnail: z.string(),
  /** Original file, for the host only (signed URL). */
  originalUrl: z.string(),
  /** A video's player source (signed): the playback copy when ready, else the original; null for photos. */
  videoUrl: z.string().nullable(),
  /** A video's playback copy; null for photos. */
  playback: ZVideoPlayback.nullable(),
  fecha: z.string(),
  kind: z.enum(['photo', 'video']),
  originalName: z.string(),
  uploadedByName: z.string(),
  state: ZOwnerPhotoState,
  likes: z.array(ZOwnerLike),
  comentarios: z.array(ZOwnerComment),
  /** The photo's section; null: the album's main part. */
  sectionId: z.uuid().nullable(),
});
export type OwnerPhoto = z.infer<typeof ZOwnerPhoto>;

export const ZEventPhotosQuery = z.object({
  page: ZPageNumber,
  /** Spec 001 §3: the download asks for every photo in one page (pageSize = totalCount); 2,000 is above any plan's photos. */
  pageSize: z.coerce.number().int().min(1).max(2000).default(10),
  /** Narrow to one moderation state; all states when absent. */
  state: ZOwnerPhotoState.optional(),
  /** `?section=`: only the photos of one section, or of the main part with `main` (sections.ts). */
  ...ZSectionFilter.shape,
});
export const ZEventPhotosResponse = successEnvelope(
  z.object({ items: z.array(ZOwnerPhoto), totalCount: z.number().int() }),
);

/** `POST /api/events/{id}/photos/{photoId}/moderation`. Deleting is `DELETE` on the same photo path. */
export const ZModerationRequest = z.object({ action: z.enum(['approve', 'hide', 'unhide']) });
export const ZModerationResponse = successEnvelope(z.object({ id: z.uuid(), state: ZOwnerPhotoState }));

/** `POST /api/events/{id}/photos/{photoId}/playback`: the host asks for a failed video's copy again. */
export const ZPlaybackRetryResponse = successEnvelope(z.object({ id: z.uuid(), playback: ZVideoPlayback }));

/** Host analytics: daily buckets (YYYY-MM-DD) for the charts. `views` and `likes` only with advanced analytics. */
export const ZAnalyticsPoint = z.object({ date: z.string(), count: z.number().int() });
export const ZEventAnalyticsResponse = successEnvelope(
  z.object({
    level: z.enum(['basic', 'advanced']),
    uploadsPerDay: z.array(ZAnalyticsPoint),
    topContributors: z.array(z.object({ name: z.string(), uploads: z.number().int() })),
    guests: z.object({ joined: z.number().int(), limit: z.number().int() }),
    /** Guestbook messages left per day and in all, against the plan's count (null: unlimited). */
    messagesPerDay: z.array(ZAnalyticsPoint),
    messages: z.object({ total: z.number().int(), limit: z.number().int().nullable() }),
    viewsPerDay: z.array(ZAnalyticsPoint).optional(),
    likesPerDay: z.array(ZAnalyticsPoint).optional(),
  }),
);
export type EventAnalytics = z.infer<typeof ZEventAnalyticsResponse>['data'];

/** Paths the web app builds; the download is a plain GET so the browser can resume it. */
export const eventPaths = {
  cliente: '/api/events/cliente',
  details: (id: string) => `/api/events/details/${id}`,
  photos: (id: string) => `/api/events/photos/${id}`,
  moderation: (id: string, photoId: string) => `/api/events/${id}/photos/${photoId}/moderation`,
  photo: (id: string, photoId: string) => `/api/events/${id}/photos/${photoId}`,
  comment: (id: string, commentId: string) => `/api/events/${id}/comments/${commentId}`,
  analytics: (id: string) => `/api/events/${id}/analytics`,
  downloadZip: (id: string) => `/api/events/${id}/download.zip`,
  /** Short-lived signed link for the download, so a plain <a href> or fetch without headers works. */
  downloadLink: (id: string) => `/api/events/${id}/download-link`,
  /** Buying an add-on for an album that already exists (the ZIP download on Basic and Plus). */
  addonCheckout: (id: string) => `/api/events/${id}/addons/checkout`,
  /** POST: gives the album a new random code; the old one then only says that the code changed. */
  accessCode: (id: string) => `/api/events/${id}/access-code`,
  /** POST: approve, hide or delete several photos at once (photo-selection.ts). */
  photoBatch: (id: string) => `/api/events/${id}/photos/batch`,
  /** The ids of every photo in a filter, for "select all" across pages. */
  photoIds: (id: string) => `/api/events/${id}/photo-ids`,
  /** POST: a short-lived signed link to a ZIP of the chosen photos' originals. */
  selectionLink: (id: string) => `/api/events/${id}/selection-link`,
} as const;

/** The album's new code with what follows it: the guest link and the QR code's PNG. */
export const ZAccessCodeResponse = successEnvelope(
  z.object({ accessCode: z.string(), guestUrl: z.string(), qrCodeUrl: z.string() }),
);
export type AccessCodeChange = z.infer<typeof ZAccessCodeResponse>['data'];

export const ZDownloadLinkResponse = successEnvelope(
  z.object({ url: z.string(), expiresAt: z.string(), bytes: z.number().int() }),
);
