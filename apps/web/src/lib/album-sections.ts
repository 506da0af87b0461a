import type { Section, SectionListResponse } from '@momentos/contract';
import { sectionPaths } from '@momentos/contract/constants';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type { Section };
export type SectionList = SectionListResponse['data'];

// An album's sections, read by the guest page, the shared album and its slideshow (guests'
// list) and by the host's modify screen and album detail (owner list, with photo counts).
export const sectionKeys = {
  guest: (albumId: string) => ['guest-album', albumId, 'sections'] as const,
  owner: (albumId: string) => ['events', 'sections', albumId] as const,
};

/** GET /api/albums/{albumId}/sections with the guest's token or the album code. */
export async function fetchGuestSections(
  albumId: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<SectionList> {
  return (await apiRequest<SectionListResponse>(sectionPaths.guestList(albumId), { headers, signal })).data;
}

/** GET /api/events/{albumId}/sections: the host's list, each section with its photo count. */
export async function fetchOwnerSections(albumId: string, signal?: AbortSignal): Promise<SectionList> {
  return (await apiRequest<SectionListResponse>(sectionPaths.ownerList(albumId), { signal })).data;
}

/** The section's name by id, for a photo's label; undefined for the main part or a deleted section. */
export const sectionNameOf = (sections: readonly Section[] | undefined, id: string | null | undefined) =>
  id ? sections?.find((section) => section.id === id)?.name : undefined;

/** The guests' list as a query: `headers` carry the guest's token or the album code. */
export const guestSectionsQuery = (albumId: string, headers: Record<string, string>) =>
  queryOptions({
    queryKey: sectionKeys.guest(albumId),
    queryFn: ({ signal }) => fetchGuestSections(albumId, headers, signal),
    // The host rarely changes them during the event; a minute keeps the page from asking at every visit.
    staleTime: 60_000,
  });
