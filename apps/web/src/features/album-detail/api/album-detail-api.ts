import {
  eventPaths,
  type AddonCheckoutRequest,
  type AlbumAddon,
  type CreateCheckoutSessionResponse,
  type OkResponse,
  type OwnerPhotoState,
  type PlanTier,
  type Product,
  type ProductsResponse,
  type ZAccessCodeResponse,
  type ZDownloadLinkResponse,
  type ZEventAnalyticsResponse,
  type ZEventDetailsResponse,
  type ZEventPhotosResponse,
  type ZModerationResponse,
  type ZPlaybackRetryResponse,
} from '@momentos/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchOwnerSections, sectionKeys } from '@/lib/album-sections';
import { apiRequest } from '@/lib/api-client';
import { plansQuery } from '@/lib/plans-query';

export const albumKeys = {
  details: (id: string) => ['events', 'details', id] as const,
  photos: (id: string) => ['events', 'photos', id] as const,
  analytics: (id: string) => ['events', 'analytics', id] as const,
};

export const PHOTO_PAGE_SIZE = 60;
/** How often the photo list is read again while one of its videos is still getting its playback copy. */
export const PROCESSING_REFETCH_MS = 5000;

export function useEventDetails(id: string) {
  return useQuery({
    queryKey: albumKeys.details(id),
    queryFn: async () => (await apiRequest<z.infer<typeof ZEventDetailsResponse>>(eventPaths.details(id))).data,
    retry: (count, error) => count < 2 && !('status' in error && (error.status === 404 || error.status === 403)),
  });
}

export type PhotoPage = z.infer<typeof ZEventPhotosResponse>['data'];

/** One page of the owner's photos, optionally narrowed to a moderation state and to one section (or MAIN_SECTION). */
export function useEventPhotos(id: string, page: number, state: OwnerPhotoState | undefined, sectionId?: string) {
  return useQuery({
    queryKey: [...albumKeys.photos(id), page, state ?? 'all', sectionId ?? 'all'],
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(PHOTO_PAGE_SIZE) });
      if (state) params.set('state', state);
      if (sectionId) params.set('section', sectionId);
      return (await apiRequest<z.infer<typeof ZEventPhotosResponse>>(`${eventPaths.photos(id)}?${params}`)).data;
    },
    placeholderData: keepPreviousData,
    // The host has no live stream: a page with a video in processing polls until its copy is made.
    refetchInterval: (query) =>
      query.state.data?.items.some((photo) => photo.playback?.state === 'processing') ? PROCESSING_REFETCH_MS : false,
  });
}

/** The album's sections with their photo counts (the same cache as the modify screen's editor). */
export function useAlbumSections(id: string) {
  return useQuery({ queryKey: sectionKeys.owner(id), queryFn: ({ signal }) => fetchOwnerSections(id, signal) });
}

/** Reads the album's photos and figures again after the host changed some. */
export function useInvalidateAlbum(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: albumKeys.photos(id) });
    void queryClient.invalidateQueries({ queryKey: albumKeys.details(id) });
  };
}

export function useModeratePhoto(id: string) {
  const invalidate = useInvalidateAlbum(id);
  return useMutation({
    mutationFn: ({ photoId, action }: { photoId: string; action: 'approve' | 'hide' | 'unhide' }) =>
      apiRequest<z.infer<typeof ZModerationResponse>>(eventPaths.moderation(id, photoId), { body: { action } }),
    onSuccess: invalidate,
  });
}

export function useDeletePhoto(id: string) {
  const invalidate = useInvalidateAlbum(id);
  return useMutation({
    mutationFn: (photoId: string) => apiRequest<OkResponse>(eventPaths.photo(id, photoId), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useDeleteComment(id: string) {
  const invalidate = useInvalidateAlbum(id);
  return useMutation({
    mutationFn: (commentId: string) => apiRequest<OkResponse>(eventPaths.comment(id, commentId), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Asks for a failed video's playback copy again; the list then shows it processing. */
export function useRetryPlayback(id: string) {
  const invalidate = useInvalidateAlbum(id);
  return useMutation({
    mutationFn: async (photoId: string) =>
      (
        await apiRequest<z.infer<typeof ZPlaybackRetryResponse>>(`${eventPaths.photo(id, photoId)}/playback`, {
          method: 'POST',
        })
      ).data,
    onSuccess: invalidate,
  });
}

type EventDetails = z.infer<typeof ZEventDetailsResponse>['data'];

/** Gives the album a new code: the share tab shows it, its link and its QR code as soon as the server answers. */
export function useChangeAccessCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<z.infer<typeof ZAccessCodeResponse>>(eventPaths.accessCode(id), { method: 'POST' })).data,
    onSuccess: (change) => {
      queryClient.setQueryData<EventDetails>(
        albumKeys.details(id),
        (data) => data && { ...data, evento: { ...data.evento, ...change } },
      );
      // The QR code keeps its address: its picture is fetched again, now of the new code.
      void queryClient.invalidateQueries({ queryKey: ['qr', change.qrCodeUrl] });
    },
  });
}

export function useEventAnalytics(id: string) {
  return useQuery({
    queryKey: albumKeys.analytics(id),
    queryFn: async () => (await apiRequest<z.infer<typeof ZEventAnalyticsResponse>>(eventPaths.analytics(id))).data,
  });
}

export async function fetchDownloadLink(id: string) {
  return (await apiRequest<z.infer<typeof ZDownloadLinkResponse>>(eventPaths.downloadLink(id))).data;
}

/**
 * The add-on's catalogue entry (for its price) as sold with the album's plan: the Lifetime plan of
 * the same tier names it among its compatible add-ons; undefined when the catalogue lacks it.
 */
export function useAddonProduct(tier: PlanTier | undefined, addon: AlbumAddon) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['addon-product', tier, addon],
    enabled: Boolean(tier),
    staleTime: 10 * 60 * 1000,
    queryFn: async ({ signal }): Promise<Product | null> => {
      const plans = await queryClient.fetchQuery(plansQuery('one_time'));
      const plan = plans.find((product) => product.metadata.tier === tier);
      if (!plan) return null;
      const path = `/api/stripe/products/${encodeURIComponent(plan.productId)}/addons`;
      const addons = (await apiRequest<ProductsResponse>(path, { signal })).data;
      return addons.find((product) => product.metadata.addon_type === addon) ?? null;
    },
  });
}

/** The query parameter the provider's success URL brings the session id back in (use-addon-return.ts). */
export const ADDON_SESSION_PARAM = 'addon_session';

/** Starts paying for an add-on of this album; the answer's url is the provider's card page. */
export function useAddonCheckout(id: string) {
  return useMutation({
    mutationFn: async (input: AddonCheckoutRequest) =>
      (await apiRequest<CreateCheckoutSessionResponse>(eventPaths.addonCheckout(id), { body: input })).data,
  });
}
