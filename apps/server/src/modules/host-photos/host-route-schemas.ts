import { errorResponses, ZSingleLineText } from '@momentos/contract';
import { z } from 'zod';

// What the host's routes over an album's photos declare alike: these (host-photos.routes.ts) and the
// archive's (the archive module's archive.routes.ts, through index.ts).
export const errors = errorResponses(400, 401, 403, 404, 409);
export const tags = ['events'];
export const security = [{ bearer: [] }];
export const ZSignedQuery = z.object({
  exp: z.coerce.number().int().optional(),
  sig: ZSingleLineText.max(200).optional(),
});
