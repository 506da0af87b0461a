import { ZErrorResponse, ZSingleLineText } from '@momentos/contract';
import { z } from 'zod';

// What the host's photo routes (host-photos.routes.ts, photo-selection.routes.ts) declare alike.
export const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
export const tags = ['events'];
export const security = [{ bearer: [] }];
export const ZSignedQuery = z.object({
  exp: z.coerce.number().int().optional(),
  sig: ZSingleLineText.max(200).optional(),
});
/** The archive's signed link also names the version it was made for (album-zip.service.ts). */
export const ZZipQuery = ZSignedQuery.extend({
  v: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
});
