import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { actionAfterFailure, retryDelayMs } from './retry-policy';

describe('retry policy', () => {
  it('waits longer after each failure, jittered between half and all of the ceiling, up to 30 s', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, undefined, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs(1, undefined, () => 0)).toBe(250);
    expect(retryDelayMs(30, undefined, () => 1)).toBe(30_000);
    expect(retryDelayMs(1, 12, () => 0)).toBe(12_000);
  });

  it('retries what may pass, joins again on a refused pass, and stops on answers that will not change', () => {
    const error = (status: number, code?: string) => new ApiError('x', status, code);
    for (const status of [0, 408, 409, 429, 500, 502, 503, 504])
      expect(actionAfterFailure(error(status))).toBe('retry');
    expect(actionAfterFailure(error(401, 'GUEST_TOKEN_REQUIRED'))).toBe('rejoin');
    expect(actionAfterFailure(error(403, 'ALBUM_ACCESS_DENIED'))).toBe('rejoin');
    for (const [status, code] of [
      [403, 'UPLOADS_CLOSED'],
      [403, 'PHOTO_LIMIT_REACHED'],
      [415, 'FILE_TYPE_NOT_ALLOWED'],
      [413, 'FILE_TOO_LARGE'],
      [400, 'VALIDATION_ERROR'],
    ] as const)
      expect(actionAfterFailure(error(status, code))).toBe('stop');
  });
});
