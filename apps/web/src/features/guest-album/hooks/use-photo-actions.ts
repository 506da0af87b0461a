import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { GuestAlbumSession } from '@/lib/storage';
import { addComment, albumKeys, fetchComments, setLike, type CommentPage, type GuestPhoto } from '../api/album-api';
import { useUpdatePhoto } from './use-album-photos';

/** Likes (optimistic, rolled back on failure) and comments (paged, earlier ones on demand) of the photo open in the viewer. */
export function usePhotoActions(albumId: string, photo: GuestPhoto | undefined, session: GuestAlbumSession) {
  const queryClient = useQueryClient();
  const updatePhoto = useUpdatePhoto(albumId);
  const photoId = photo?.id ?? '';

  // Pages come newest first (the server pages from the newest); the viewer reads them oldest first,
  // so each earlier page lands above what is shown.
  const comments = useInfiniteQuery({
    queryKey: albumKeys.comments(albumId, photoId),
    queryFn: ({ pageParam, signal }) => fetchComments(albumId, photoId, session, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CommentPage) => last.nextCursor ?? undefined,
    enabled: Boolean(photo),
    staleTime: 30_000,
  });
  const oldestFirst = useMemo(
    () => (comments.data?.pages ?? []).flatMap((page) => page.items).reverse(),
    [comments.data],
  );

  const like = useMutation({
    mutationFn: ({ target, liked, token }: { target: GuestPhoto; liked: boolean; token: string }) =>
      setLike(albumId, target.id, token, liked),
    onMutate: ({ target, liked }) => {
      updatePhoto(target.id, (current) => ({
        ...current,
        likedByMe: liked,
        likes: Math.max(0, current.likes + (liked ? 1 : -1)),
      }));
      return { before: target };
    },
    onError: (_error, _variables, context) => {
      if (context)
        updatePhoto(context.before.id, (current) => ({
          ...current,
          likedByMe: context.before.likedByMe,
          likes: context.before.likes,
        }));
    },
    onSuccess: (result, { target }) =>
      updatePhoto(target.id, (current) => ({ ...current, likedByMe: result.liked, likes: result.likes })),
  });

  const comment = useMutation({
    mutationFn: ({ target, text, token }: { target: GuestPhoto; text: string; token: string }) =>
      addComment(albumId, target.id, token, text),
    onSuccess: (created, { target }) => {
      queryClient.setQueryData<InfiniteData<CommentPage, string | null>>(
        albumKeys.comments(albumId, target.id),
        (data) => {
          const [newest, ...older] = data?.pages ?? [];
          if (!data || !newest) return data;
          return {
            ...data,
            pages: [{ ...newest, items: [created, ...newest.items], totalCount: newest.totalCount + 1 }, ...older],
          };
        },
      );
      updatePhoto(target.id, (current) => ({ ...current, comments: current.comments + 1 }));
    },
  });

  return { comments, oldestFirst, like, comment };
}
