import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  albumPhotos,
  albums,
  albumSections,
  type AlbumSectionRow,
  type PackageSnapshot,
} from '../../db/schema/index.js';

/** Why a write was not made, decided under the album's lock (sections.service.ts words it). */
export type SectionRefusal = 'limit' | 'name-taken' | 'not-found';
export type SectionWrite = { kind: 'done'; section: AlbumSectionRow } | { kind: 'refused'; refusal: SectionRefusal };

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * Every query of `album_sections`, and the photo counts the host's list of them shows. Each write
 * locks the album row first, as uploads and messages do, so concurrent creates see each other (the
 * plan's count holds) and positions stay 0..n-1.
 */
export function createSectionsRepository(db: Database) {
  /** The album's plan and its sections in order, with the album row locked for the transaction. */
  const lockAlbum = async (tx: Database, albumId: string) => {
    const [album] = await tx
      .select({ snapshot: albums.packageSnapshot })
      .from(albums)
      .where(eq(albums.id, albumId))
      .for('update');
    const sections = await tx
      .select()
      .from(albumSections)
      .where(eq(albumSections.albumId, albumId))
      .orderBy(asc(albumSections.position), asc(albumSections.createdAt));
    return { snapshot: album!.snapshot as PackageSnapshot, sections };
  };

  /** Writes the positions 0..n-1 in the given order, touching only rows whose position changed. */
  const renumber = async (tx: Database, ordered: AlbumSectionRow[]) => {
    for (const [position, section] of ordered.entries()) {
      if (section.position !== position) {
        await tx.update(albumSections).set({ position }).where(eq(albumSections.id, section.id));
        section.position = position;
      }
    }
  };

  return {
    list(albumId: string): Promise<AlbumSectionRow[]> {
      return db
        .select()
        .from(albumSections)
        .where(eq(albumSections.albumId, albumId))
        .orderBy(asc(albumSections.position), asc(albumSections.createdAt));
    },

    /** Photos and videos per section in every state (the host's list); the main part is left out. */
    async countPhotosBySection(albumId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ sectionId: albumPhotos.sectionId, n: count() })
        .from(albumPhotos)
        .where(and(eq(albumPhotos.albumId, albumId), isNotNull(albumPhotos.sectionId)))
        .groupBy(albumPhotos.sectionId);
      return new Map(rows.map((row) => [row.sectionId!, row.n]));
    },

    async count(albumId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(albumSections).where(eq(albumSections.albumId, albumId));
      return row?.n ?? 0;
    },

    /** Adds a section last unless `mayAdd` refuses, given the plan and the sections the album holds. */
    async create(
      albumId: string,
      name: string,
      mayAdd: (snapshot: PackageSnapshot, taken: number) => boolean,
    ): Promise<SectionWrite> {
      return db.transaction(async (tx) => {
        const { snapshot, sections } = await lockAlbum(tx as Database, albumId);
        if (!mayAdd(snapshot, sections.length)) return { kind: 'refused' as const, refusal: 'limit' as const };
        if (sections.some((section) => sameName(section.name, name)))
          return { kind: 'refused' as const, refusal: 'name-taken' as const };
        const [section] = await tx
          .insert(albumSections)
          .values({ albumId, name, position: sections.length })
          .returning();
        return { kind: 'done' as const, section: section! };
      });
    },

    /** Renames and/or moves a section; a position past the end moves it last. */
    async update(albumId: string, sectionId: string, change: { name?: string; position?: number }) {
      return db.transaction(async (tx): Promise<SectionWrite> => {
        const { sections } = await lockAlbum(tx as Database, albumId);
        const section = sections.find((row) => row.id === sectionId);
        if (!section) return { kind: 'refused', refusal: 'not-found' };
        if (change.name !== undefined && change.name !== section.name) {
          if (sections.some((row) => row.id !== sectionId && sameName(row.name, change.name!)))
            return { kind: 'refused', refusal: 'name-taken' };
          await tx.update(albumSections).set({ name: change.name }).where(eq(albumSections.id, sectionId));
          section.name = change.name;
        }
        if (change.position !== undefined) {
          const others = sections.filter((row) => row.id !== sectionId);
          others.splice(Math.min(change.position, others.length), 0, section);
          await renumber(tx as Database, others);
        }
        return { kind: 'done', section };
      });
    },

    /** Deletes a section (its photos' `section_id` become null by the foreign key) and closes the gap. */
    async remove(albumId: string, sectionId: string): Promise<AlbumSectionRow | undefined> {
      return db.transaction(async (tx) => {
        const { sections } = await lockAlbum(tx as Database, albumId);
        const section = sections.find((row) => row.id === sectionId);
        if (!section) return undefined;
        await tx.delete(albumSections).where(eq(albumSections.id, sectionId));
        await renumber(
          tx as Database,
          sections.filter((row) => row.id !== sectionId),
        );
        return section;
      });
    },
  };
}

export type SectionsRepository = ReturnType<typeof createSectionsRepository>;
