import { and, asc, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albums, itineraryEntries, type ItineraryEntryRow } from '../../db/schema/index.js';

type EntryValues = Pick<ItineraryEntryRow, 'icon' | 'time' | 'title' | 'description' | 'location'>;

export function createItineraryRepository(db: Database) {
  return {
    list(customizationId: string): Promise<ItineraryEntryRow[]> {
      return db
        .select()
        .from(itineraryEntries)
        .where(eq(itineraryEntries.customizationId, customizationId))
        .orderBy(asc(itineraryEntries.position), asc(itineraryEntries.createdAt));
    },
    async insert(customizationId: string, values: EntryValues) {
      const [last] = await db
        .select({ position: max(itineraryEntries.position) })
        .from(itineraryEntries)
        .where(eq(itineraryEntries.customizationId, customizationId));
      const [row] = await db
        .insert(itineraryEntries)
        .values({ customizationId, ...values, position: (last?.position ?? -1) + 1 })
        .returning();
      return row!;
    },
    async update(customizationId: string, id: string, values: EntryValues) {
      const [row] = await db
        .update(itineraryEntries)
        .set(values)
        .where(and(eq(itineraryEntries.id, id), eq(itineraryEntries.customizationId, customizationId)))
        .returning();
      return row;
    },
    async delete(customizationId: string, id: string) {
      const rows = await db
        .delete(itineraryEntries)
        .where(and(eq(itineraryEntries.id, id), eq(itineraryEntries.customizationId, customizationId)))
        .returning({ id: itineraryEntries.id });
      return rows.length === 1;
    },
    /** The album made from the customization (none while it is a draft). */
    async albumIdOf(customizationId: string): Promise<string | undefined> {
      const [row] = await db.select({ id: albums.id }).from(albums).where(eq(albums.customizationId, customizationId));
      return row?.id;
    },
    /** Positions follow the order of `ids`, in one transaction. */
    async reorder(customizationId: string, ids: string[]) {
      await db.transaction(async (tx) => {
        for (const [position, id] of ids.entries()) {
          await tx
            .update(itineraryEntries)
            .set({ position })
            .where(and(eq(itineraryEntries.id, id), eq(itineraryEntries.customizationId, customizationId)));
        }
      });
    },
  };
}

export type ItineraryRepository = ReturnType<typeof createItineraryRepository>;
