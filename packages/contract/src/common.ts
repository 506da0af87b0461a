import { z } from 'zod';

// In the browser the site's CSP forbids eval, and zod's JIT first probes for it with `new Function`,
// which Chrome reports as a CSP issue (Lighthouse's best practices). The web app parses little, so it
// runs zod without the JIT; the server keeps it. Every schema file imports this one first.
if ('document' in globalThis) z.config({ jitless: true });

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
