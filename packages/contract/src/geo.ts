import { z } from 'zod';

/** GET /api/geo: where the request's address is, resolved on our own server (spec 000 §7, §9). */
export const ZGeoResponse = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2, or null for loopback, private and unknown addresses. */
  country_code: z.string().length(2).nullable(),
  country: z.string().nullable(),
  /** Always null for now: the packaged database resolves countries only. */
  city: z.string().nullable(),
});
export type GeoResponse = z.infer<typeof ZGeoResponse>;
