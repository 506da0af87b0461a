import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { GuestAlbumSession } from '@/lib/storage';
import { albumKeys, fetchPhotoPage, type GuestPhoto, type PhotoPage } from '../api/album-api';

/**
 * Every loaded page of the album's photos (of one section when `sectionId` is given), newest
 * first, without duplicates across pages. Each section's list is its own entry under the album's
 * photos key, so one invalidation refreshes them all.
 */
export function useAlbumPhotos(albumId: string, session: GuestAlbumSession | null, sectionId?: string) {
  const query = useInfiniteQuery({
    queryKey: [...albumKeys.photos(albumId), sectionId ?? 'all'],
    queryFn: ({ pageParam, signal }) => fetchPhotoPage(albumId, session!, pageParam, signal, sectionId),
    initialPageParam: 1,
    getNextPageParam: (last: PhotoPage, pages: PhotoPage[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.totalCount && last.items.length > 0 ? pages.length + 1 : undefined;
    },
    enabled: session !== null,
  });
  const photos = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((photo) => !seen.has(photo.id) && Boolean(seen.add(photo.id)));
  }, [query.data]);
  const totalCount = query.data?.pages.at(-1)?.totalCount ?? 0;
  return { ...query, photos, totalCount };
}

/** Changes one photo wherever it sits in the loaded pages (likes, comment counts). */
export function useUpdatePhoto(albumId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (photoId: string, update: (photo: GuestPhoto) => GuestPhoto) => {
      queryClient.setQueriesData<InfiniteData<PhotoPage>>(
        { queryKey: albumKeys.photos(albumId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((photo) => (photo.id === photoId ? update(photo) : photo)),
            })),
          },
      );
    },
    [albumId, queryClient],
  );
}
