import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestAlbumSession } from '@/lib/storage';
import { addComment, albumKeys, fetchComments, setLike, type GuestPhoto, type PhotoComment } from '../api/album-api';
import { useUpdatePhoto } from './use-album-photos';

/** Likes (optimistic, rolled back on failure) and comments of the photo open in the viewer. */
export function usePhotoActions(albumId: string, photo: GuestPhoto | undefined, session: GuestAlbumSession) {
  const queryClient = useQueryClient();
  const updatePhoto = useUpdatePhoto(albumId);
  const photoId = photo?.id ?? '';

  const comments = useQuery({
    queryKey: albumKeys.comments(albumId, photoId),
    queryFn: ({ signal }) => fetchComments(albumId, photoId, session, signal),
    enabled: Boolean(photo),
    staleTime: 30_000,
  });

  const like = useMutation({
    mutationFn: ({ target, liked, token }: { target: GuestPhoto; liked: boolean; token: string }) => setLike(albumId, target.id, token, liked),
    onMutate: ({ target, liked }) => {
      updatePhoto(target.id, (current) => ({ ...current, likedByMe: liked, likes: Math.max(0, current.likes + (liked ? 1 : -1)) }));
      return { before: target };
    },
    onError: (_error, _variables, context) => {
      if (context) updatePhoto(context.before.id, (current) => ({ ...current, likedByMe: context.before.likedByMe, likes: context.before.likes }));
    },
    onSuccess: (result, { target }) => updatePhoto(target.id, (current) => ({ ...current, likedByMe: result.liked, likes: result.likes })),
  });

  const comment = useMutation({
    mutationFn: ({ target, text, token }: { target: GuestPhoto; text: string; token: string }) => addComment(albumId, target.id, token, text),
    onSuccess: (created, { target }) => {
      queryClient.setQueryData<PhotoComment[]>(albumKeys.comments(albumId, target.id), (list) => [...(list ?? []), created]);
      updatePhoto(target.id, (current) => ({ ...current, comments: current.comments + 1 }));
    },
  });

  return { comments, like, comment };
}
