import {
  eventPaths,
  guestbookPaths,
  type EventMessages,
  type MessageModerationRequest,
  type OkResponse,
  type ZEventDetailsResponse,
  type ZEventMessagesResponse,
  type ZMessageModerationResponse,
} from '@momentos/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { guestbookKeys } from './guestbook-keys';

export const HOST_PAGE_SIZE = 20;
/** The contract's largest page: past Premium's 1,000 messages, so the printable book is one request. */
const PRINT_PAGE_SIZE = 2000;

async function fetchMessages(id: string, query: Record<string, string>, signal?: AbortSignal) {
  const params = new URLSearchParams(query);
  return (
    await apiRequest<z.infer<typeof ZEventMessagesResponse>>(`${guestbookPaths.eventMessages(id)}?${params}`, {
      signal,
    })
  ).data;
}

/** One page of the album's messages in every state, newest first, with the counts and the plan's limit. */
export function useEventMessages(id: string, page: number) {
  return useQuery({
    queryKey: [...guestbookKeys.host(id), page],
    queryFn: ({ signal }) => fetchMessages(id, { page: String(page), pageSize: String(HOST_PAGE_SIZE) }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every approved message (hidden and pending ones stay out of the printed book). */
export function usePrintableMessages(id: string) {
  return useQuery({
    queryKey: guestbookKeys.printable(id),
    queryFn: ({ signal }) =>
      fetchMessages(id, { page: '1', pageSize: String(PRINT_PAGE_SIZE), state: 'approved' }, signal),
  });
}

/** The album's name, date and font for the printed book's title page. */
export function useEventForPrint(id: string) {
  return useQuery({
    queryKey: guestbookKeys.event(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof ZEventDetailsResponse>>(eventPaths.details(id), { signal })).data.evento,
  });
}

type MessagePage = EventMessages;

/** Writes an answer into every cached page at once, so the list changes before its refetch lands. */
function usePatchCachedPages(id: string) {
  const queryClient = useQueryClient();
  return (patch: (page: MessagePage) => MessagePage) => {
    queryClient.setQueriesData<MessagePage>({ queryKey: guestbookKeys.host(id) }, (page) =>
      page && 'items' in page ? patch(page) : page,
    );
    void queryClient.invalidateQueries({ queryKey: guestbookKeys.host(id) });
  };
}

export function useModerateMessage(id: string) {
  const patchPages = usePatchCachedPages(id);
  return useMutation({
    mutationFn: async ({ messageId, request }: { messageId: string; request: MessageModerationRequest }) =>
      (
        await apiRequest<z.infer<typeof ZMessageModerationResponse>>(guestbookPaths.eventMessage(id, messageId), {
          method: 'PATCH',
          body: request,
        })
      ).data,
    onSuccess: ({ id: messageId, status }) =>
      patchPages((page) => ({
        ...page,
        items: page.items.map((message) => (message.id === messageId ? { ...message, status } : message)),
      })),
  });
}

export function useDeleteMessage(id: string) {
  const patchPages = usePatchCachedPages(id);
  return useMutation({
    mutationFn: (messageId: string) =>
      apiRequest<OkResponse>(guestbookPaths.eventMessage(id, messageId), { method: 'DELETE' }),
    onSuccess: (_answer, messageId) =>
      patchPages((page) => ({
        ...page,
        items: page.items.filter((message) => message.id !== messageId),
        totalCount: Math.max(0, page.totalCount - 1),
      })),
  });
}
