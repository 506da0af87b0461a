import type { ItineraryEntry, ItineraryEntryInput } from '@momentos/contract';
import { ZItineraryEntryInput } from '@momentos/contract';
import type { ItineraryEntryRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ItineraryRepository } from './itinerary.repository.js';
import { announcerOf, type AlbumChanges } from '../albums/index.js';

export function toItineraryEntry(row: ItineraryEntryRow): ItineraryEntry {
  return {
    id: row.id,
    icono: row.icon,
    hora: row.time,
    titulo: row.title,
    descripcion: row.description,
    ubicacion: row.location,
  };
}

const toValues = (input: ItineraryEntryInput) => {
  const entry = ZItineraryEntryInput.parse(input);
  return {
    icon: entry.icono,
    time: entry.hora,
    title: entry.titulo,
    description: entry.descripcion,
    location: entry.ubicacion,
  };
};

/** The event's programme; the access policy lets only the customization's owner edit it. */
export function createItineraryService(repo: ItineraryRepository, changes?: AlbumChanges) {
  const announcer = announcerOf(changes, 'album');
  // Guests see the itinerary under the album's header, once the customization has an album.
  const announce = async <T>(customizationId: string, value: T) =>
    announcer(await repo.albumIdOf(customizationId), value);
  return {
    async list(customizationId: string) {
      return (await repo.list(customizationId)).map(toItineraryEntry);
    },
    async add(customizationId: string, input: ItineraryEntryInput) {
      if ((await repo.list(customizationId)).length >= 100)
        throw AppError.badRequest('An itinerary holds at most 100 entries');
      return announce(customizationId, toItineraryEntry(await repo.insert(customizationId, toValues(input))));
    },
    async update(customizationId: string, entryId: string, input: ItineraryEntryInput) {
      const row = await repo.update(customizationId, entryId, toValues(input));
      if (!row) throw AppError.notFound('Itinerary entry not found');
      return announce(customizationId, toItineraryEntry(row));
    },
    async remove(customizationId: string, entryId: string) {
      if (!(await repo.delete(customizationId, entryId))) throw AppError.notFound('Itinerary entry not found');
      await announce(customizationId, undefined);
    },
    async reorder(customizationId: string, ids: string[]) {
      const current = await repo.list(customizationId);
      const sameSet = ids.length === current.length && current.every((entry) => ids.includes(entry.id));
      if (!sameSet) throw AppError.badRequest('The new order must list every entry exactly once');
      await repo.reorder(customizationId, ids);
      return announce(customizationId, (await repo.list(customizationId)).map(toItineraryEntry));
    },
  };
}

export type ItineraryService = ReturnType<typeof createItineraryService>;
