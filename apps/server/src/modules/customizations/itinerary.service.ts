import type { ItineraryEntry, ItineraryEntryInput } from '@momentos/contract';
import { ZItineraryEntryInput } from '@momentos/contract';
import type { ItineraryEntryRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CustomizationsService } from './customizations.service.js';
import type { ItineraryRepository } from './itinerary.repository.js';

export function toItineraryEntry(row: ItineraryEntryRow): ItineraryEntry {
  return { id: row.id, icono: row.icon, hora: row.time, titulo: row.title, descripcion: row.description, ubicacion: row.location };
}

const toValues = (input: ItineraryEntryInput) => {
  const entry = ZItineraryEntryInput.parse(input);
  return { icon: entry.icono, time: entry.hora, title: entry.titulo, description: entry.descripcion, location: entry.ubicacion };
};

/** The event's programme, edited by the owner of its customization only. */
export function createItineraryService(repo: ItineraryRepository, customizations: CustomizationsService) {
  const own = (userId: string, customizationId: string) => customizations.ownCustomization(userId, customizationId);

  return {
    async list(userId: string, customizationId: string) {
      await own(userId, customizationId);
      return (await repo.list(customizationId)).map(toItineraryEntry);
    },
    async add(userId: string, customizationId: string, input: ItineraryEntryInput) {
      await own(userId, customizationId);
      if ((await repo.list(customizationId)).length >= 100) throw AppError.badRequest('An itinerary holds at most 100 entries');
      return toItineraryEntry(await repo.insert(customizationId, toValues(input)));
    },
    async update(userId: string, customizationId: string, entryId: string, input: ItineraryEntryInput) {
      await own(userId, customizationId);
      const row = await repo.update(customizationId, entryId, toValues(input));
      if (!row) throw AppError.notFound('Itinerary entry not found');
      return toItineraryEntry(row);
    },
    async remove(userId: string, customizationId: string, entryId: string) {
      await own(userId, customizationId);
      if (!(await repo.delete(customizationId, entryId))) throw AppError.notFound('Itinerary entry not found');
    },
    async reorder(userId: string, customizationId: string, ids: string[]) {
      await own(userId, customizationId);
      const current = await repo.list(customizationId);
      const sameSet = ids.length === current.length && current.every((entry) => ids.includes(entry.id));
      if (!sameSet) throw AppError.badRequest('The new order must list every entry exactly once');
      await repo.reorder(customizationId, ids);
      return (await repo.list(customizationId)).map(toItineraryEntry);
    },
  };
}

export type ItineraryService = ReturnType<typeof createItineraryService>;
