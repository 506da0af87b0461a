import type { AccessNeed } from '../../src/modules/access/access-types.js';

/**
 * The reviewed answer to "who may call each route", in the access policy's own terms
 * (modules/access/access-types.ts). The authorization matrix test checks that every route states
 * exactly this need, then calls it as each caller the need must refuse. Changing a route's need
 * means changing it here too, where a reviewer sees it. Pages, static files and the OpenAPI UI
 * state none: they are public.
 */
export type Access = AccessNeed;

export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',

  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/auth/resend-verification': 'signed-in',
  'GET /api/auth/me': 'signed-in',
  'PATCH /api/auth/me': 'signed-in',

  'GET /api/stripe/products': 'public',
  'GET /api/stripe/products/:productId/addons': 'public',
  // The provider's signature authenticates a webhook; the sandbox's session id is its own secret.
  'POST /api/stripe/webhook': 'public',
  'GET /sandbox/checkout/:sessionId': 'public',
  'POST /sandbox/checkout/:sessionId/pay': 'public',
  'POST /api/stripe/customers': 'signed-in',
  'POST /api/stripe/create-checkout-session': 'signed-in',
  'GET /api/stripe/verify-session/:sessionId': 'signed-in',
  'GET /api/orders': 'signed-in',
  'GET /api/orders/:orderId': 'order-owner',

  'POST /api/customizations/start': 'signed-in',
  'GET /api/customizations/my-customizations': 'signed-in',
  'GET /api/customizations/fonts': 'signed-in',
  'GET /api/customizations/:id': 'customization-owner',
  'PATCH /api/customizations/:id': 'customization-owner',
  'GET /api/customizations/:id/permissions': 'customization-owner',
  'GET /api/customizations/:id/validate': 'customization-owner',
  'POST /api/customizations/:id/complete': 'customization-owner',
  'GET /api/customizations/:id/itinerary': 'customization-owner',
  'POST /api/customizations/:id/itinerary': 'customization-owner',
  'PUT /api/customizations/:id/itinerary/order': 'customization-owner',
  'PUT /api/customizations/:id/itinerary/:entryId': 'customization-owner',
  'DELETE /api/customizations/:id/itinerary/:entryId': 'customization-owner',
  'POST /api/upload/image': 'signed-in',
  // Cover images are public by design (the album's face); their names are random UUIDs.
  'GET /uploads/covers/:file': 'public',

  'GET /api/albums/:albumId/qr.:format': 'album-owner',
  'GET /api/albums/code/:accessCode': 'album-code',
  'POST /api/albums/:albumId/guests': 'album-code',
  'GET /api/albums/:albumId/access-code': 'album-guest',
  'GET /api/albums/:albumId/photos': 'album-reader',
  'POST /api/albums/:albumId/photos': 'album-guest',
  // Also `?format=jpeg` on display: the guest's download, refused (403) when the host turned guest downloads off.
  'GET /api/albums/:albumId/photos/:photoId/:variant': 'album-reader-or-link',
  'GET /api/albums/:albumId/photos/:photoId/comments': 'album-reader',
  'POST /api/albums/:albumId/photos/:photoId/comments': 'album-guest',
  'POST /api/albums/:albumId/photos/:photoId/likes': 'album-guest',
  'DELETE /api/albums/:albumId/photos/:photoId/likes': 'album-guest',
  'GET /api/photos/:photoId/comments': 'album-reader',
  'GET /api/albums/:albumId/photos/:photoId/video': 'album-reader-or-link',
  'GET /api/albums/:albumId/photos/:photoId/playback': 'album-reader-or-link',
  // Resumable (tus) uploads: creating needs a guest token; only the guest who started one may resume or end it.
  'OPTIONS /api/albums/:albumId/uploads': 'public',
  'POST /api/albums/:albumId/uploads': 'album-guest',
  'GET /api/albums/:albumId/uploads/:uploadId': 'album-guest',
  'PATCH /api/albums/:albumId/uploads/:uploadId': 'album-guest',
  'DELETE /api/albums/:albumId/uploads/:uploadId': 'album-guest',
  'GET /api/albums/:albumId/live': 'album-reader',
  'GET /api/albums/:albumId/slideshow': 'album-reader',
  'GET /api/albums/:albumId/slideshow/qr.svg': 'album-reader',
  'POST /api/photos/:photoId/comments': 'album-guest',
  'POST /api/photos/:photoId/like': 'album-guest',
  // The guestbook: writing needs a guest token; the public guestbook reads like the photos.
  'POST /api/albums/:albumId/messages': 'album-guest',
  'GET /api/albums/:albumId/messages': 'album-reader',
  'GET /api/albums/:albumId/messages/:messageId/voice': 'album-reader-or-link',
  'GET /api/albums/:albumId/messages/:messageId/voice.m4a': 'album-reader-or-link',
  // Sections: guests read them to pick one or filter by; only the owner changes them.
  'GET /api/albums/:albumId/sections': 'album-reader',
  // "Find me": only the guest's own pass searches, with their selfie.
  'POST /api/albums/:albumId/faces/search': 'album-guest',

  'GET /api/events/cliente': 'signed-in',
  'GET /api/events/details/:id': 'album-owner',
  'GET /api/events/photos/:id': 'album-owner',
  'POST /api/events/:id/photos/:photoId/moderation': 'album-owner',
  'POST /api/events/:id/photos/:photoId/playback': 'album-owner',
  'DELETE /api/events/:id/photos/:photoId': 'album-owner',
  'DELETE /api/events/:id/comments/:commentId': 'album-owner',
  'GET /api/events/:id/photos/:photoId/original': 'album-owner-or-link',
  'GET /api/events/:id/analytics': 'album-owner',
  'GET /api/events/:id/download-link': 'album-owner',
  'GET /api/events/:id/download.zip': 'album-owner-or-link',
  // Several photos at once: the same owner's rights as one photo's moderation, deletion and the ZIP.
  'POST /api/events/:id/photos/batch': 'album-owner',
  'GET /api/events/:id/photo-ids': 'album-owner',
  'POST /api/events/:id/selection-link': 'album-owner',
  'GET /api/events/:id/selections/:digest/download.zip': 'album-owner-or-link',
  'POST /api/events/:id/addons/checkout': 'album-owner',
  'POST /api/events/:id/access-code': 'album-owner',
  'GET /api/events/:id/messages': 'album-owner',
  'PATCH /api/events/:id/messages/:messageId': 'album-owner',
  'DELETE /api/events/:id/messages/:messageId': 'album-owner',
  'GET /api/events/:id/sections': 'album-owner',
  'GET /api/events/:id/faces': 'album-owner',
  'POST /api/events/:id/sections': 'album-owner',
  'PATCH /api/events/:id/sections/:sectionId': 'album-owner',
  'DELETE /api/events/:id/sections/:sectionId': 'album-owner',

  'POST /api/tickets': 'anyone',
  'GET /api/tickets': 'agent',
  'GET /api/tickets/:ticketId': 'ticket',
  'PATCH /api/tickets/:ticketId': 'agent',
  'POST /api/tickets/:ticketId/conversations': 'ticket',

  'GET /api/geo': 'public',
  'POST /api/tracking/track': 'public',
  'POST /api/tracking/batch': 'public',
  'POST /api/initial-form': 'public',
  'GET /api/examples/album': 'public',
};
