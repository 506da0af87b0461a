/**
 * Machine-readable error codes. The server sends one with every failure; the web client maps it
 * to translated text (errors.<code> in the locale files) and falls back to the server's message.
 */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  MALFORMED_BODY: 'MALFORMED_BODY',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  EMAIL_ALREADY_EXISTS: 'EMAIL_ALREADY_EXISTS',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_REFRESH_TOKEN: 'INVALID_REFRESH_TOKEN',
  INVALID_EMAIL_TOKEN: 'INVALID_EMAIL_TOKEN',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  PRICE_ID_REQUIRED: 'PRICE_ID_REQUIRED',
  CUSTOMER_ID_REQUIRED: 'CUSTOMER_ID_REQUIRED',
  CUSTOMER_NOT_FOUND: 'CUSTOMER_NOT_FOUND',
  CUSTOMER_EMAIL_MISMATCH: 'CUSTOMER_EMAIL_MISMATCH',
  INVALID_PRICE: 'INVALID_PRICE',
  ADDON_NOT_COMPATIBLE: 'ADDON_NOT_COMPATIBLE',
  /** The album already has the add-on (bought with the plan or afterwards). */
  ADDON_ALREADY_ACTIVE: 'ADDON_ALREADY_ACTIVE',
  DUPLICATE_PRICE: 'DUPLICATE_PRICE',
  INVALID_REDIRECT_URL: 'INVALID_REDIRECT_URL',
  /** The provider refused or failed to create the payment customer (step 2). */
  CUSTOMER_CREATE_FAILED: 'CUSTOMER_CREATE_FAILED',
  /** The provider failed while starting or reading a payment (the checkout session). */
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  PAYMENT_INCOMPLETE: 'PAYMENT_INCOMPLETE',
  INVALID_WEBHOOK_SIGNATURE: 'INVALID_WEBHOOK_SIGNATURE',
  ORDER_ID_REQUIRED: 'ORDER_ID_REQUIRED',
  ORDER_NOT_PAID: 'ORDER_NOT_PAID',
  ORDER_ALREADY_REDEEMED: 'ORDER_ALREADY_REDEEMED',
  MISSING_REQUIRED_FIELDS: 'MISSING_REQUIRED_FIELDS',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FILE_TYPE_NOT_ALLOWED: 'FILE_TYPE_NOT_ALLOWED',
  UPLOAD_FAILED: 'UPLOAD_FAILED',
  TICKET_NOT_FOUND: 'TICKET_NOT_FOUND',
  ALBUM_NOT_FOUND: 'ALBUM_NOT_FOUND',
  INVALID_ACCESS_CODE: 'INVALID_ACCESS_CODE',
  GUEST_TOKEN_REQUIRED: 'GUEST_TOKEN_REQUIRED',
  ALBUM_ACCESS_DENIED: 'ALBUM_ACCESS_DENIED',
  /** Too many wrong codes for one album from all addresses together: new code checks wait. */
  ALBUM_CODE_ATTEMPTS_EXCEEDED: 'ALBUM_CODE_ATTEMPTS_EXCEEDED',
  /** The code was this album's until its host changed it (410): it opens nothing; ask for the new one. */
  ALBUM_CODE_CHANGED: 'ALBUM_CODE_CHANGED',
  GUEST_LIMIT_REACHED: 'GUEST_LIMIT_REACHED',
  PHOTO_LIMIT_REACHED: 'PHOTO_LIMIT_REACHED',
  VIDEO_LIMIT_REACHED: 'VIDEO_LIMIT_REACHED',
  UPLOAD_NOT_FOUND: 'UPLOAD_NOT_FOUND',
  UPLOAD_OFFSET_MISMATCH: 'UPLOAD_OFFSET_MISMATCH',
  UPLOADS_CLOSED: 'UPLOADS_CLOSED',
  PHOTO_NOT_FOUND: 'PHOTO_NOT_FOUND',
  /** A download resumed (Range) on a file that changed since it started: its pieces would not join (412). */
  DOWNLOAD_CHANGED: 'DOWNLOAD_CHANGED',
  /** A clip longer than GUEST_VIDEO_MAX_SECONDS. */
  VIDEO_TOO_LONG: 'VIDEO_TOO_LONG',
  /** A clip whose longer side is over GUEST_VIDEO_MAX_SIDE pixels. */
  VIDEO_RESOLUTION_TOO_HIGH: 'VIDEO_RESOLUTION_TOO_HIGH',
  /** The album's plan holds the guestbook's message count already. */
  MESSAGE_LIMIT_REACHED: 'MESSAGE_LIMIT_REACHED',
  MESSAGE_NOT_FOUND: 'MESSAGE_NOT_FOUND',
  /** A voice note on a plan without them (Basic). */
  VOICE_NOTES_NOT_IN_PLAN: 'VOICE_NOTES_NOT_IN_PLAN',
  /** A voice note longer than VOICE_NOTE_MAX_SECONDS. */
  VOICE_NOTE_TOO_LONG: 'VOICE_NOTE_TOO_LONG',
  /** The album holds the plan's sections already (its main part counts as one). */
  SECTION_LIMIT_REACHED: 'SECTION_LIMIT_REACHED',
  SECTION_NOT_FOUND: 'SECTION_NOT_FOUND',
  /** A cover or music address the album's pages cannot load (http:, ftp:, …): only https and uploads. */
  URL_NOT_HTTPS: 'URL_NOT_HTTPS',
  /** "Find me": the selfie shows no face the engine can describe (422). */
  NO_FACE_IN_SELFIE: 'NO_FACE_IN_SELFIE',
  /** "Find me": the selfie shows more than one face; whose photos to find is unclear (422). */
  SEVERAL_FACES_IN_SELFIE: 'SEVERAL_FACES_IN_SELFIE',
  /** "Find me" is switched off for this album (the host's setting, Premium and Elite). */
  FACE_SEARCH_OFF: 'FACE_SEARCH_OFF',
  /** "Find me" cannot run on this server: its face models are not installed (503). */
  FACE_SEARCH_UNAVAILABLE: 'FACE_SEARCH_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
