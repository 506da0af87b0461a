import { z } from 'zod';

/** Every failure the API returns has this shape; the spec's clients read `message`. */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

/** Wraps a payload in the `{ success: true, data }` envelope the spec's clients expect. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const ZOkResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof ZOkResponse>;

export const ZUuid = z.uuid();
