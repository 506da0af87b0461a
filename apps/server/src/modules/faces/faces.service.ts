import { ErrorCode, type FaceProgress, type GuestPhoto } from '@momentos/contract';
import type { GuestPass } from '../access/index.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FaceEngine } from '../../platform/faces/face-engine.js';
import { decodeForFaces, mirrored, SELFIE_SIDE } from '../../platform/faces/face-image.js';
import type { FoundFace } from '../../platform/faces/face-protocol.js';
import { UnreadableImageError } from '../../platform/images/photo-renditions.js';
import type { ProcessingSlots } from '../../platform/images/processing-slots.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { createFaceAlbumCache } from './face-album-cache.js';
import { matchingPhotos, queryOf } from './face-match.js';
import type { FacesRepository } from './faces.repository.js';

/** A face smaller than this share of the selfie is someone in the background, not the guest. */
const SELFIE_FACE_MIN_AREA = 0.02;

export interface FacesServiceDeps {
  repo: FacesRepository;
  engine: FaceEngine;
  cache: ReturnType<typeof createFaceAlbumCache>;
  runInSlot: ProcessingSlots;
  rateLimiter: RateLimiter;
  searchesPerGuestPerHour: number;
  /** Photos by id as the guest album shows them (album-photos). */
  visibleAmong(albumId: string, guestId: string, photoIds: string[]): Promise<GuestPhoto[]>;
}

const unavailable = () =>
  new AppError(ErrorCode.FACE_SEARCH_UNAVAILABLE, 503, '"Find me" is not available on this server');
const switchedOff = () => new AppError(ErrorCode.FACE_SEARCH_OFF, 409, '"Find me" is not turned on for this album');
const area = (face: FoundFace) => face.box[2] * face.box[3];

export function createFacesService(deps: FacesServiceDeps) {
  const { repo, engine, cache, runInSlot, rateLimiter } = deps;

  /** The selfie's one face, and the same face in its mirror image; 422 for none or several. */
  async function describeSelfie(selfie: Buffer) {
    const image = await runInSlot(() => decodeForFaces(selfie, SELFIE_SIDE)).catch((error: unknown) => {
      if (!(error instanceof UnreadableImageError)) throw error;
      throw new AppError(
        ErrorCode.FILE_TYPE_NOT_ALLOWED,
        415,
        'The selfie could not be read: use JPEG, PNG, WebP or HEIC',
      );
    });
    const faces = (await engine.describe(image, 'search')).filter((face) => area(face) >= SELFIE_FACE_MIN_AREA);
    if (faces.length === 0) {
      throw new AppError(
        ErrorCode.NO_FACE_IN_SELFIE,
        422,
        'No face was found in the selfie: try again facing the camera',
      );
    }
    if (faces.length > 1) {
      throw new AppError(
        ErrorCode.SEVERAL_FACES_IN_SELFIE,
        422,
        'The selfie shows more than one face: take one of yourself alone',
      );
    }
    const inMirror = (await engine.describe(mirrored(image), 'search')).sort((a, b) => area(b) - area(a))[0];
    return queryOf(faces[0]!.descriptor, (inMirror ?? faces[0]!).descriptor);
  }

  return {
    /**
     * The photos the guest in the selfie is in, newest first, as their album shows them. The selfie
     * lives in this call's memory only: decoded, described and dropped; nothing of it is stored or logged.
     */
    async search({ album, guest }: GuestPass, selfie: Buffer) {
      const albumId = album.album.id;
      if (!engine.isAvailable) throw unavailable();
      if (!(await repo.isOn(albumId))) throw switchedOff();
      const limit = await rateLimiter.hit(`face-search:guest:${guest.id}`, deps.searchesPerGuestPerHour, 3600);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);
      const query = await describeSelfie(selfie);
      const matches = matchingPhotos(await cache.matrixOf(albumId), query);
      const items = await deps.visibleAmong(albumId, guest.id, [...matches.keys()]);
      return { items, totalCount: items.length };
    },

    /** The host's view: the switch, the engine, and how far indexing has come. */
    async progress(albumId: string): Promise<FaceProgress> {
      const [enabled, counts] = await Promise.all([repo.isOn(albumId), repo.progress(albumId)]);
      return { enabled, available: engine.isAvailable, ...counts };
    },
  };
}

export type FacesService = ReturnType<typeof createFacesService>;
