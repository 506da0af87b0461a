import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { GuestAlbumSession } from '@/lib/storage';
import { albumKeys, fetchPhotoPage, type GuestPhoto, type PhotoPage } from '../api/album-api';

/** Every loaded page of the album's photos, newest first, without duplicates across pages. */
export function useAlbumPhotos(albumId: string, session: GuestAlbumSession | null) {
  const query = useInfiniteQuery({
    queryKey: albumKeys.photos(albumId),
    queryFn: ({ pageParam, signal }) => fetchPhotoPage(albumId, session!, pageParam, signal),
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
      queryClient.setQueryData<InfiniteData<PhotoPage>>(
        albumKeys.photos(albumId),
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
