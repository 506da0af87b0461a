import type {
  ItineraryEntry,
  ItineraryEntryInput,
  OkResponse,
  ZItineraryEntryResponse,
  ZItineraryResponse,
} from '@momentos/contract';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

type ItineraryResponse = z.infer<typeof ZItineraryResponse>;
type ItineraryEntryResponse = z.infer<typeof ZItineraryEntryResponse>;

const base = (id: string) => `/api/customizations/${encodeURIComponent(id)}/itinerary`;

export const itineraryKey = (id: string) => ['customization', id, 'itinerary'] as const;

export async function fetchItinerary(id: string): Promise<ItineraryEntry[]> {
  return (await apiRequest<ItineraryResponse>(base(id))).data;
}

export async function createEntry(id: string, input: ItineraryEntryInput): Promise<ItineraryEntry> {
  return (await apiRequest<ItineraryEntryResponse>(base(id), { method: 'POST', body: input })).data;
}

export async function updateEntry(id: string, entryId: string, input: ItineraryEntryInput): Promise<ItineraryEntry> {
  const path = `${base(id)}/${encodeURIComponent(entryId)}`;
  return (await apiRequest<ItineraryEntryResponse>(path, { method: 'PUT', body: input })).data;
}

export async function deleteEntry(id: string, entryId: string): Promise<void> {
  await apiRequest<OkResponse>(`${base(id)}/${encodeURIComponent(entryId)}`, { method: 'DELETE' });
}

export async function reorderEntries(id: string, ids: string[]): Promise<ItineraryEntry[]> {
  return (await apiRequest<ItineraryResponse>(`${base(id)}/order`, { method: 'PUT', body: { ids } })).data;
}

/** The list with one entry moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveEntry<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
