import { describe, expect, it } from 'vitest';
import { GUEST_PHOTO_MAX_BYTES, GUEST_VIDEO_MAX_BYTES } from './constants.js';
import {
  declaredUploadKind,
  hasRoomFor,
  maxBytesFor,
  planTakesVideos,
  uploadAccept,
  uploadFormatNames,
  uploadTypesOf,
  wholeMegabytes,
} from './upload-policy.js';

describe('upload policy', () => {
  it('limits photos to 25 MB and videos to 200 MB', () => {
    expect(maxBytesFor('photo')).toBe(GUEST_PHOTO_MAX_BYTES);
    expect(maxBytesFor('video')).toBe(GUEST_VIDEO_MAX_BYTES);
    expect([wholeMegabytes(maxBytesFor('photo')), wholeMegabytes(maxBytesFor('video'))]).toEqual([25, 200]);
  });

  it('accepts JPEG, PNG, WebP, GIF and HEIC photos and MP4, MOV and WebM videos, named as messages name them', () => {
    expect(uploadTypesOf('photo')).toEqual(['jpeg', 'png', 'webp', 'gif', 'heic']);
    expect(uploadTypesOf('video')).toEqual(['mp4', 'mov', 'webm']);
    expect(uploadFormatNames('photo')).toBe('JPEG, PNG, WebP, GIF or HEIC');
    expect(uploadFormatNames('video')).toBe('MP4, MOV or WebM');
  });

  it('builds a picker accept of MIME types and extensions for the kinds the plan takes', () => {
    const photos = uploadAccept(['photo']).split(',');
    expect(photos).toEqual(expect.arrayContaining(['image/jpeg', 'image/heic', 'image/heif', '.heic', '.jpg']));
    expect(photos.some((entry) => entry.startsWith('video/') || entry === '.mp4')).toBe(false);
    expect(uploadAccept(['photo', 'video']).split(',')).toEqual(
      expect.arrayContaining(['video/mp4', 'video/quicktime', 'video/webm', '.mov']),
    );
  });

  it('reads a browser’s declared type, or the extension when the type is missing or generic', () => {
    expect(declaredUploadKind('image/jpeg', 'a.jpg')).toBe('photo');
    expect(declaredUploadKind('video/quicktime', 'clip.MOV')).toBe('video');
    expect(declaredUploadKind('', 'IMG_0001.HEIC')).toBe('photo');
    expect(declaredUploadKind('application/octet-stream', 'clip.webm')).toBe('video');
    expect(declaredUploadKind('image/avif', 'a.avif')).toBeUndefined();
    expect(declaredUploadKind('', 'notes')).toBeUndefined();
  });

  it('counts photos and videos against their own limits; a null video limit is unlimited, 0 means none', () => {
    const plan = { photoLimit: 2, videoLimit: 1 };
    expect(hasRoomFor('photo', plan, 1)).toBe(true);
    expect(hasRoomFor('photo', plan, 2)).toBe(false);
    expect(hasRoomFor('video', plan, 0)).toBe(true);
    expect(hasRoomFor('video', plan, 1)).toBe(false);
    expect(hasRoomFor('video', { photoLimit: 0, videoLimit: null }, 10_000)).toBe(true);
    expect(planTakesVideos({ videoLimit: 0 })).toBe(false);
    expect(planTakesVideos({ videoLimit: null })).toBe(true);
  });
});
