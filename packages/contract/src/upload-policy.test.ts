import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUEST_PHOTO_MAX_BYTES, GUEST_VIDEO_MAX_BYTES } from './constants.js';
import {
  declaredUploadKind,
  hasRoomFor,
  maxBytesFor,
  planTakesVideos,
  sniffUploadType,
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

const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, '../../../apps/server/test/fixtures', name)));
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + compatible.length * 4], 'ftyp', major, [0, 0, 0, 0], ...compatible, new Array(32).fill(0));

describe('sniffUploadType, the one rule of what a file is (server and browser)', () => {
  it('knows each accepted type by its first bytes, whatever the name', () => {
    expect(sniffUploadType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('jpeg');
    expect(sniffUploadType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'))).toBe('png');
    expect(sniffUploadType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffUploadType(bytes('GIF89a', [1, 0, 1, 0]))).toBe('gif');
    expect(sniffUploadType(fixture('photo.heic'))).toBe('heic');
    expect(sniffUploadType(ftyp('mif1', 'heic'))).toBe('heic');
    expect(sniffUploadType(fixture('clip.mp4'))).toBe('mp4');
    expect(sniffUploadType(fixture('clip.mov'))).toBe('mov');
    expect(sniffUploadType(fixture('clip.webm'))).toBe('webm');
    // A major brand nobody knows: a compatible one decides.
    expect(sniffUploadType(ftyp('abcd', 'isom'))).toBe('mp4');
  });

  it('knows no type in text, random bytes, AVIF, Matroska that is not WebM, or a cut-off header', () => {
    expect(sniffUploadType(bytes('Hola, esto no es una foto.\n'))).toBeUndefined();
    expect(
      sniffUploadType(bytes([0x13, 0x9a, 0x41, 0x07, 0xee, 0x52, 0x88, 0x01, 0x6c, 0xd3, 0x2f, 0x90])),
    ).toBeUndefined();
    expect(sniffUploadType(ftyp('avif', 'mif1'))).toBeUndefined();
    expect(sniffUploadType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82], 'matroska'))).toBeUndefined();
    expect(sniffUploadType(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(sniffUploadType(new Uint8Array())).toBeUndefined();
  });
});
