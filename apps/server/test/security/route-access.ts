/**
 * Who may call each route. The authorization matrix test calls every non-public route as each
 * caller who must be refused; a route the server registers without an entry here fails it.
 *
 * - public: anyone (sign-in, catalogue, health, tracking; or the URL itself is the secret).
 * - signed-in: any signed-in user, acting on their own things only.
 * - owner: the signed-in host who owns the order, customization or album in the path.
 * - album: a holder of that album's code or guest token (or a signed URL for renditions).
 * - album-guest: a guest of that album (a guest token), to write.
 * - ticket: the ticket's creator (session or secret) or an agent.
 * - agent: help-center agents only.
 */
export type Access = 'public' | 'signed-in' | 'owner' | 'album' | 'album-guest' | 'ticket' | 'agent';

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
  'GET /api/orders/:orderId': 'owner',

  'POST /api/customizations/start': 'signed-in',
  'GET /api/customizations/my-customizations': 'signed-in',
  'GET /api/customizations/fonts': 'public',
  'GET /api/customizations/:id': 'owner',
  'PATCH /api/customizations/:id': 'owner',
  'GET /api/customizations/:id/permissions': 'owner',
  'GET /api/customizations/:id/validate': 'owner',
  'POST /api/customizations/:id/complete': 'owner',
  'GET /api/customizations/:id/itinerary': 'owner',
  'POST /api/customizations/:id/itinerary': 'owner',
  'PUT /api/customizations/:id/itinerary/order': 'owner',
  'PUT /api/customizations/:id/itinerary/:entryId': 'owner',
  'DELETE /api/customizations/:id/itinerary/:entryId': 'owner',
  'POST /api/upload/image': 'signed-in',
  // Cover images are public by design (the album's face); their names are random UUIDs.
  'GET /uploads/covers/:file': 'public',

  'GET /api/albums/:albumId/qr.:format': 'owner',
  'GET /api/albums/code/:accessCode': 'public',
  'POST /api/albums/:albumId/guests': 'album',
  'GET /api/albums/:albumId/photos': 'album',
  'POST /api/albums/:albumId/photos': 'album-guest',
  'GET /api/albums/:albumId/photos/:photoId/:variant': 'album',
  'GET /api/albums/:albumId/photos/:photoId/comments': 'album',
  'POST /api/albums/:albumId/photos/:photoId/comments': 'album-guest',
  'POST /api/albums/:albumId/photos/:photoId/likes': 'album-guest',
  'DELETE /api/albums/:albumId/photos/:photoId/likes': 'album-guest',
  'GET /api/photos/:photoId/comments': 'album',
  'GET /api/albums/:albumId/photos/:photoId/video': 'album',
  // Resumable (tus) uploads: creating needs a guest token; only the guest who started one may resume or end it.
  'OPTIONS /api/albums/:albumId/uploads': 'public',
  'POST /api/albums/:albumId/uploads': 'album-guest',
  'GET /api/albums/:albumId/uploads/:uploadId': 'album-guest',
  'PATCH /api/albums/:albumId/uploads/:uploadId': 'album-guest',
  'DELETE /api/albums/:albumId/uploads/:uploadId': 'album-guest',
  'GET /api/albums/:albumId/live': 'album',
  'GET /api/albums/:albumId/slideshow': 'album',
  'GET /api/albums/:albumId/slideshow/qr.svg': 'album',
  'POST /api/photos/:photoId/comments': 'album-guest',
  'POST /api/photos/:photoId/like': 'album-guest',

  'GET /api/events/cliente': 'signed-in',
  'GET /api/events/details/:id': 'owner',
  'GET /api/events/photos/:id': 'owner',
  'POST /api/events/:id/photos/:photoId/moderation': 'owner',
  'DELETE /api/events/:id/photos/:photoId': 'owner',
  'DELETE /api/events/:id/comments/:commentId': 'owner',
  'GET /api/events/:id/photos/:photoId/original': 'owner',
  'GET /api/events/:id/analytics': 'owner',
  'GET /api/events/:id/download-link': 'owner',
  'GET /api/events/:id/download.zip': 'owner',
  'POST /api/events/:id/addons/checkout': 'owner',

  'POST /api/tickets': 'public',
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
