import { ErrorCode } from '@momentos/contract';

/**
 * The one error a service throws. The error handler turns it into
 * `{ success: false, message, code }` with `status`. The message is written for the client, even
 * on a 5xx (a provider failure has its own text in spec 000 §8); what went wrong underneath goes
 * in `cause`, which is logged and never sent.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  static badRequest(message: string, code: ErrorCode = ErrorCode.VALIDATION_ERROR) {
    return new AppError(code, 400, message);
  }
  static unauthorized(message = 'Authentication required', code: ErrorCode = ErrorCode.UNAUTHORIZED) {
    return new AppError(code, 401, message);
  }
  static forbidden(message = 'You are not allowed to do this') {
    return new AppError(ErrorCode.FORBIDDEN, 403, message);
  }
  static notFound(message = 'Not found', code: ErrorCode = ErrorCode.NOT_FOUND) {
    return new AppError(code, 404, message);
  }
  static conflict(message: string, code: ErrorCode = ErrorCode.CONFLICT) {
    return new AppError(code, 409, message);
  }
  static tooManyRequests(retryAfterSeconds: number) {
    const error = new AppError(
      ErrorCode.RATE_LIMITED,
      429,
      `Too many attempts. Please wait ${Math.ceil(retryAfterSeconds / 60)} minute(s) and try again.`,
    );
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }
  retryAfterSeconds?: number;
}
