import type { PostMessageResponse, ZGuestMessagesResponse } from '@momentos/contract';
import { guestbookPaths } from '@momentos/contract/constants';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { guestbookKeys } from './guestbook-keys';
import { postFormWithProgress } from './post-with-progress';

export const GUEST_PAGE_SIZE = 20;
type GuestMessagesPage = z.infer<typeof ZGuestMessagesResponse>['data'];

/**
 * The guestbook as guests see it, a page at a time (with the album code, which every guest of the
 * album holds). The first page also says whether the plan takes voice notes.
 */
export function guestMessagesQuery(albumId: string, accessCode: string) {
  return infiniteQueryOptions({
    queryKey: guestbookKeys.guest(albumId),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam), pageSize: String(GUEST_PAGE_SIZE) });
      const body = await apiRequest<z.infer<typeof ZGuestMessagesResponse>>(
        `${guestbookPaths.guestMessages(albumId)}?${params}`,
        { signal, headers: { 'X-Album-Code': accessCode } },
      );
      return body.data;
    },
    getNextPageParam: (last: GuestMessagesPage, pages: GuestMessagesPage[]) =>
      pages.reduce((sum, page) => sum + page.items.length, 0) < last.totalCount && last.items.length > 0
        ? pages.length + 1
        : undefined,
  });
}

export interface MessageDraftToSend {
  text: string;
  authorName: string;
  voice: { blob: Blob; fileName: string } | null;
}

/**
 * Sends a message with the guest's pass: JSON for words alone; multipart with the recording, over
 * XMLHttpRequest so `onProgress` can tell the guest how far it is (0–100).
 */
export async function sendMessage(
  albumId: string,
  guestToken: string,
  draft: MessageDraftToSend,
  onProgress?: (percent: number) => void,
): Promise<PostMessageResponse['data']> {
  const url = guestbookPaths.guestMessages(albumId);
  if (!draft.voice) {
    const body = { text: draft.text, authorName: draft.authorName };
    return (await apiRequest<PostMessageResponse>(url, { body, headers: { 'X-Guest-Token': guestToken } })).data;
  }
  const form = new FormData();
  form.append('text', draft.text);
  form.append('authorName', draft.authorName);
  form.append('voice', draft.voice.blob, draft.voice.fileName);
  // Until the browser states the form's size, the recording is nearly all of it.
  const expected = draft.voice.blob.size + draft.text.length * 3 + 1024;
  const answer = await postFormWithProgress<PostMessageResponse>(
    url,
    form,
    { 'X-Guest-Token': guestToken },
    (loaded, total) => onProgress?.(Math.min(99, Math.round((loaded / (total || expected)) * 100))),
  );
  onProgress?.(100);
  return answer.data;
}
