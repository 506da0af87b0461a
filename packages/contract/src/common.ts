import { z } from 'zod';
import { ErrorCode } from './errors.js';

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

/**
 * The error answers a route documents, each status with the one error shape above:
 * `response: { 200: Z…Response, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<S, typeof ZErrorResponse>;
}

/**
 * A rule's own error code for its refusal (`.refine(check, { message, params: withErrorCode(…) })`):
 * the server answers that code instead of VALIDATION_ERROR, so a client can say exactly what is wrong.
 */
export const withErrorCode = (code: ErrorCode) => ({ errorCode: code });

/** The code a refusal's `params` name, if any (see withErrorCode). */
export function errorCodeOfParams(params: unknown): ErrorCode | undefined {
  const code = (params as { errorCode?: unknown } | undefined)?.errorCode;
  return typeof code === 'string' && code in ErrorCode ? (code as ErrorCode) : undefined;
}

/** Wraps a payload in the `{ success: true, data }` envelope the spec's clients expect. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const ZOkResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof ZOkResponse>;

export const ZUuid = z.uuid();

// C0 and C1 control characters and DEL. PostgreSQL refuses NUL in text (the insert fails), and
// none of them belongs in a name, an address or a message: they garble logs, e-mails and file names.
const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f';
const CONTROL_BUT_LINES = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';

export const SINGLE_LINE_TEXT_RULE = 'must not contain line breaks or control characters';

/**
 * Every one-line text a client sends (names, codes, addresses, ids, file names): no control
 * characters, line breaks or tabs. Chain the field's own rules after it (`.trim().min(1).max(120)`).
 */
export const ZSingleLineText = z.string().regex(new RegExp(`^[^${CONTROL}]*$`), SINGLE_LINE_TEXT_RULE);

/** Text that may span lines (descriptions, messages, comments): line breaks and tabs, no other control characters. */
export const ZMultiLineText = z
  .string()
  .regex(new RegExp(`^[^${CONTROL_BUT_LINES}]*$`), 'must not contain control characters');

/** The highest page number a list accepts: far past any album's end, and (page - 1) × pageSize stays a small bigint. */
export const PAGE_MAX = 1_000_000;
/** A list's `page` query parameter: 1 to PAGE_MAX; a page past the end is an empty list. */
export const ZPageNumber = z.coerce.number().int().min(1).max(PAGE_MAX).default(1);
