import { ErrorCode, GUEST_PHOTO_MAX_BYTES, GUEST_VIDEO_MAX_BYTES } from '@momentos/contract';
import { describe, expect, it } from 'vitest';
import type { PackageSnapshot } from '../../db/schema/index.js';
import {
  admissionRefusal,
  checkReceivedFile,
  checkResumableCreation,
  checkRoomAtCreation,
  unreadableImage,
  unreadableVideo,
} from './upload-policy.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const plan = (change: Partial<PackageSnapshot> = {}): PackageSnapshot => ({
  tier: 'plus',
  billingType: 'one_time',
  addons: [],
  guestLimit: 50,
  photoLimit: 10,
  videoLimit: 2,
  hasWatermark: false,
  validFrom: '2020-01-01T00:00:00Z',
  validUntil: null,
  messageLimit: 300,
  sectionLimit: 3,
  voiceNotes: true,
  ...change,
});
const closedPlan = plan({ validUntil: '2020-01-02T00:00:00Z' });
const refusal = (status: number, code: ErrorCode, message: string) =>
  expect.objectContaining({ status, code, message });
const refusalOf = (check: () => unknown) => {
  try {
    check();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

const UNSUPPORTED = 'Unsupported format: upload JPEG, PNG, WebP, GIF or HEIC photos, or MP4, MOV or WebM videos';
const PHOTO_TOO_LARGE = 'The photo exceeds the 25 MB limit for photos (videos may be up to 200 MB)';
const VIDEO_TOO_LARGE = 'The file exceeds the 200 MB limit for videos';
const CLOSED = 'The upload period of this album has ended; guests can still view it';
const PHOTO_LIMIT = 'This album has reached its photo limit';
const VIDEO_LIMIT = 'This album has reached its video limit';
const NO_VIDEOS = "This album's plan does not include videos";

describe('checkReceivedFile (multipart, the tus finish, the example album)', () => {
  const received = (change: Partial<Parameters<typeof checkReceivedFile>[2]> = {}, snapshot = plan()) =>
    refusalOf(() =>
      checkReceivedFile(snapshot, 'Ana', { type: 'jpeg', size: 1000, uploaderName: undefined, ...change }),
    );

  it('refuses each way a file can fail, with its status, code and message', () => {
    expect(received({ uploaderName: 'x'.repeat(61) })).toEqual(
      refusal(400, ErrorCode.VALIDATION_ERROR, 'uploaderName: at most 60 characters'),
    );
    expect(received({ size: 0 })).toEqual(refusal(400, ErrorCode.VALIDATION_ERROR, 'The file is empty'));
    expect(received({ type: undefined })).toEqual(refusal(415, ErrorCode.FILE_TYPE_NOT_ALLOWED, UNSUPPORTED));
    expect(received({ size: GUEST_PHOTO_MAX_BYTES + 1 })).toEqual(
      refusal(413, ErrorCode.FILE_TOO_LARGE, PHOTO_TOO_LARGE),
    );
    expect(received({ type: 'mov', size: GUEST_VIDEO_MAX_BYTES + 1 })).toEqual(
      refusal(413, ErrorCode.FILE_TOO_LARGE, VIDEO_TOO_LARGE),
    );
    expect(received({ type: 'webm' }, plan({ videoLimit: 0 }))).toEqual(
      refusal(403, ErrorCode.VIDEO_LIMIT_REACHED, NO_VIDEOS),
    );
    expect(received({}, closedPlan)).toEqual(refusal(403, ErrorCode.UPLOADS_CLOSED, CLOSED));
  });

  it('checks the name, then emptiness, type, size, videos in the plan and the window, in that order', () => {
    expect(received({ uploaderName: 'x'.repeat(61), size: 0 }, closedPlan)).toMatchObject({
      message: 'uploaderName: at most 60 characters',
    });
    expect(received({ size: 0, type: undefined }, closedPlan)).toMatchObject({ message: 'The file is empty' });
    expect(received({ type: 'mp4', size: GUEST_VIDEO_MAX_BYTES + 1 }, plan({ videoLimit: 0 }))).toMatchObject({
      status: 413,
    });
    expect(received({ type: 'mp4' }, { ...closedPlan, videoLimit: 0 })).toMatchObject({ message: NO_VIDEOS });
  });

  it('lets a video up to 200 MB through, and shows the guest’s own name when none was typed', () => {
    const video = checkReceivedFile(plan(), 'Ana', { type: 'mp4', size: GUEST_VIDEO_MAX_BYTES, uploaderName: '  ' });
    expect(video).toEqual({ type: 'mp4', uploaderName: 'Ana' });
    expect(
      checkReceivedFile(plan(), 'Ana', { type: 'heic', size: 10, uploaderName: ' Tía Carmen ' }).uploaderName,
    ).toBe('Tía Carmen');
  });

  it('names a file that does not decode', () => {
    expect(unreadableImage()).toEqual(
      refusal(415, ErrorCode.FILE_TYPE_NOT_ALLOWED, expect.stringContaining('image could not be read')),
    );
    expect(unreadableVideo()).toEqual(
      refusal(415, ErrorCode.FILE_TYPE_NOT_ALLOWED, expect.stringContaining('video could not be read')),
    );
  });
});

describe('admissionRefusal (the insert, under the album lock)', () => {
  it('refuses a closed window first, then a full plan of that kind', () => {
    expect(admissionRefusal('photo', NOW)(closedPlan, 0)).toEqual(refusal(403, ErrorCode.UPLOADS_CLOSED, CLOSED));
    expect(admissionRefusal('photo', NOW)(plan(), 10)).toEqual(
      refusal(403, ErrorCode.PHOTO_LIMIT_REACHED, PHOTO_LIMIT),
    );
    expect(admissionRefusal('video', NOW)(plan(), 2)).toEqual(refusal(403, ErrorCode.VIDEO_LIMIT_REACHED, VIDEO_LIMIT));
    expect(admissionRefusal('video', NOW)(plan({ videoLimit: 0 }), 0)).toEqual(
      refusal(403, ErrorCode.VIDEO_LIMIT_REACHED, NO_VIDEOS),
    );
  });

  it('admits while there is room; a null video limit never fills', () => {
    expect(admissionRefusal('photo', NOW)(plan(), 9)).toBeUndefined();
    expect(admissionRefusal('video', NOW)(plan({ videoLimit: null }), 5000)).toBeUndefined();
    expect(admissionRefusal('photo', NOW)(plan({ validUntil: '2026-06-01T12:00:01Z' }), 0)).toBeUndefined();
  });
});

describe('a resumable (tus) upload at its creation', () => {
  const created = (length: number, snapshot = plan(), uploaderName?: string) =>
    refusalOf(() => checkResumableCreation(snapshot, { length, uploaderName }, NOW));
  const room = (
    file: { length: number; declaredType: string },
    counts: { photos: number; videos: number },
    snapshot = plan(),
  ) => refusalOf(() => checkRoomAtCreation(snapshot, file, counts));

  it('refuses a file over 200 MB, an empty one, a long name and a closed window, in that order', () => {
    expect(created(GUEST_VIDEO_MAX_BYTES + 1, closedPlan)).toEqual(
      refusal(413, ErrorCode.FILE_TOO_LARGE, VIDEO_TOO_LARGE),
    );
    expect(created(0, closedPlan, 'x'.repeat(61))).toEqual(
      refusal(400, ErrorCode.VALIDATION_ERROR, 'The file is empty'),
    );
    expect(created(10, closedPlan, 'x'.repeat(61))).toEqual(
      refusal(400, ErrorCode.VALIDATION_ERROR, 'uploaderName: at most 60 characters'),
    );
    expect(created(10, closedPlan)).toEqual(refusal(403, ErrorCode.UPLOADS_CLOSED, CLOSED));
    expect(checkResumableCreation(plan(), { length: GUEST_VIDEO_MAX_BYTES, uploaderName: ' Ana ' }, NOW)).toBe('Ana');
  });

  it('refuses early what cannot fit whatever the file turns out to be', () => {
    const big = GUEST_PHOTO_MAX_BYTES + 1;
    expect(room({ length: big, declaredType: '' }, { photos: 0, videos: 2 })).toEqual(
      refusal(403, ErrorCode.VIDEO_LIMIT_REACHED, VIDEO_LIMIT),
    );
    expect(room({ length: 10, declaredType: 'video/mp4' }, { photos: 0, videos: 0 }, plan({ videoLimit: 0 }))).toEqual(
      refusal(403, ErrorCode.VIDEO_LIMIT_REACHED, NO_VIDEOS),
    );
    expect(room({ length: 10, declaredType: '' }, { photos: 10, videos: 2 })).toEqual(
      refusal(403, ErrorCode.PHOTO_LIMIT_REACHED, PHOTO_LIMIT),
    );
    expect(room({ length: 10, declaredType: 'image/heic' }, { photos: 10, videos: 0 })).toEqual(
      refusal(403, ErrorCode.PHOTO_LIMIT_REACHED, PHOTO_LIMIT),
    );
  });

  it('lets through what may still fit: the declared type is only a hint', () => {
    expect(() =>
      checkRoomAtCreation(plan(), { length: 10, declaredType: '' }, { photos: 10, videos: 0 }),
    ).not.toThrow();
    expect(() =>
      checkRoomAtCreation(plan(), { length: 10, declaredType: 'video/mp4' }, { photos: 10, videos: 1 }),
    ).not.toThrow();
    expect(() =>
      checkRoomAtCreation(
        plan({ videoLimit: null }),
        { length: GUEST_VIDEO_MAX_BYTES, declaredType: '' },
        { photos: 10, videos: 99 },
      ),
    ).not.toThrow();
  });
});
