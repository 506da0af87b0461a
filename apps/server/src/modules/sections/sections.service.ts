import { ErrorCode, type CreateSectionRequest, type Section, type UpdateSectionRequest } from '@momentos/contract';
import type { AlbumSectionRow, PackageSnapshot } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { announcerOf, type AlbumChanges, type AlbumReadCache } from '../albums/index.js';
import type { SectionRefusal, SectionsRepository } from './sections.repository.js';

export interface SectionsDeps {
  repo: SectionsRepository;
  /** Guests' section lists are cached until the album changes (album_sections announces it). */
  cache: AlbumReadCache;
  /** Photos and videos per section in every state; the main part is not a key. */
  photoCounts: (albumId: string) => Promise<Map<string, number>>;
  /** Section writes change what guests' cached pages show. */
  changes?: AlbumChanges;
}

/**
 * Named sections the host may create: the plan's `sectionLimit` counts the album's main part (the
 * photos in no section) as one, so Basic's 1 is "the whole album" and creates none, Plus 2 more, and
 * so on. The main part cannot be deleted, so it always counts.
 */
export const creatableSections = (snapshot: PackageSnapshot) => Math.max(0, snapshot.sectionLimit - 1);

export const sectionNotFound = () =>
  new AppError(
    ErrorCode.SECTION_NOT_FOUND,
    404,
    'This section does not exist in this album (it may have been deleted)',
  );

const sectionLimitReached = (snapshot: PackageSnapshot) =>
  new AppError(
    ErrorCode.SECTION_LIMIT_REACHED,
    403,
    snapshot.sectionLimit <= 1
      ? "This album's plan has one section, the whole album: upgrade to Plus or above to divide it into sections"
      : `This album's plan allows ${snapshot.sectionLimit} sections, the album's main part included: it holds ${creatableSections(snapshot)} more already`,
  );

const nameTaken = () => AppError.conflict('This album already has a section with that name');

export const sectionView = (row: AlbumSectionRow, photoCount?: number): Section => ({
  id: row.id,
  name: row.name,
  position: row.position,
  ...(photoCount !== undefined && { photoCount }),
});

/** The album's sections for guests and the host's changes to them; access was checked by the routes. */
export function createSectionsService({ repo, cache, photoCounts, changes }: SectionsDeps) {
  const announce = announcerOf(changes, 'content');
  const refusal = (kind: SectionRefusal, snapshot?: PackageSnapshot): AppError =>
    kind === 'limit' ? sectionLimitReached(snapshot!) : kind === 'name-taken' ? nameTaken() : sectionNotFound();

  return {
    /** What guests see: the sections in order (`limit` tells the page whether the plan has any). */
    async listForGuests(albumId: string, snapshot: PackageSnapshot) {
      const items = await cache.read(albumId, 'sections', async () =>
        (await repo.list(albumId)).map((row) => sectionView(row)),
      );
      return { items, limit: snapshot.sectionLimit };
    },

    /** The host's list: with each section's photo count. */
    async listForOwner(albumId: string, snapshot: PackageSnapshot) {
      const [rows, counts] = await Promise.all([repo.list(albumId), photoCounts(albumId)]);
      return { items: rows.map((row) => sectionView(row, counts.get(row.id) ?? 0)), limit: snapshot.sectionLimit };
    },

    async create(albumId: string, snapshot: PackageSnapshot, { name }: CreateSectionRequest) {
      const result = await repo.create(albumId, name, (locked, taken) => taken < creatableSections(locked));
      // The plan was read again under the lock; the caller's copy words the refusal the same.
      if (result.kind === 'refused') throw refusal(result.refusal, snapshot);
      return announce(albumId, sectionView(result.section, 0));
    },

    async update(albumId: string, sectionId: string, change: UpdateSectionRequest) {
      const result = await repo.update(albumId, sectionId, change);
      if (result.kind === 'refused') throw refusal(result.refusal);
      return announce(albumId, sectionView(result.section));
    },

    /** Deletes the section; its photos stay in the album, in its main part. */
    async remove(albumId: string, sectionId: string) {
      if (!(await repo.remove(albumId, sectionId))) throw sectionNotFound();
      announce(albumId, undefined);
    },

    /** The album's parts in use, its main part included (the album detail's Capacidades). */
    async partsInUse(albumId: string) {
      return 1 + (await repo.count(albumId));
    },
  };
}

export type SectionsService = ReturnType<typeof createSectionsService>;
