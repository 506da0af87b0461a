/**
 * The API's failures as the web app reads them, with nothing that needs a window: the service
 * worker's upload queue uses them too. The API client re-exports them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** How long the server asked us to wait before trying again (Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, status: number, code?: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Status used when the request never reached the server (offline, DNS, CORS). */
export const NETWORK_ERROR_STATUS = 0;

export function codeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
    return body.code;
  }
  return undefined;
}

// Only the delay-seconds form: the server never sends an HTTP date.
function retryAfterOf(header: string | null): number | undefined {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * Error rule (b) of spec 000 §8 from an answer already read as text, for fetch and for the XHR
 * uploads alike: body.message, else 'Request failed', else (no JSON body) `HTTP ${status}`.
 */
export function errorFromJsonText(status: number, text: string, retryAfterHeader: string | null): ApiError {
  const retryAfterSeconds = retryAfterOf(retryAfterHeader);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new ApiError(`HTTP ${status}`, status, undefined, retryAfterSeconds);
  }
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : '';
  return new ApiError(message || 'Request failed', status, codeOf(body), retryAfterSeconds);
}
