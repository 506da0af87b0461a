import type { OkResponse, SectionResponse, UpdateSectionRequest } from '@momentos/contract';
import { sectionPaths } from '@momentos/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchOwnerSections, sectionKeys, type Section } from '@/lib/album-sections';
import { apiRequest } from '@/lib/api-client';

export function useOwnerSections(albumId: string) {
  return useQuery({
    queryKey: sectionKeys.owner(albumId),
    queryFn: ({ signal }) => fetchOwnerSections(albumId, signal),
  });
}

/**
 * The host's changes to the sections, each saved at once. Every success reads the list again:
 * a move shifts the others, a delete moves its photos to the main part, and the album detail's
 * filter and photo list read the same cache.
 */
export function useSectionChanges(albumId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: sectionKeys.owner(albumId) });
    void queryClient.invalidateQueries({ queryKey: ['events', 'photos', albumId] });
    void queryClient.invalidateQueries({ queryKey: ['events', 'details', albumId] });
  };
  const create = useMutation({
    mutationFn: async (name: string): Promise<Section> =>
      (await apiRequest<SectionResponse>(sectionPaths.ownerList(albumId), { method: 'POST', body: { name } })).data,
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ sectionId, ...change }: UpdateSectionRequest & { sectionId: string }): Promise<Section> =>
      (await apiRequest<SectionResponse>(sectionPaths.ownerOne(albumId, sectionId), { method: 'PATCH', body: change }))
        .data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (sectionId: string) =>
      apiRequest<OkResponse>(sectionPaths.ownerOne(albumId, sectionId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, update, remove, isBusy: create.isPending || update.isPending || remove.isPending };
}
