import type { PostMessageResponse } from '@momentos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { guestbookKeys } from '../api/guestbook-keys';
import { sendMessage } from '../api/guest-messages-api';
import { storedGuestToken, type JoinAlbum } from '../lib/guest-identity';
import type { MessageDraft } from './use-message-draft';

type SendState =
  | { phase: 'editing'; error?: unknown }
  | { phase: 'sending'; percent: number | null }
  | { phase: 'sent'; status: PostMessageResponse['data']['status'] };

/**
 * Sends the draft with the guest's pass for this album, joining under the signed name when this
 * browser has none, and once more with a new pass when the server refuses the stored one.
 */
export function useSendMessage(albumId: string, join: JoinAlbum) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SendState>({ phase: 'editing' });

  const send = async (draft: MessageDraft): Promise<boolean> => {
    const hasVoice = Boolean(draft.voice);
    setState({ phase: 'sending', percent: hasVoice ? 0 : null });
    const payload = {
      text: draft.text.trim(),
      authorName: draft.authorName.trim(),
      voice: draft.voice ? { blob: draft.voice.blob, fileName: draft.voice.fileName } : null,
    };
    const onProgress = hasVoice ? (percent: number) => setState({ phase: 'sending', percent }) : undefined;
    try {
      let token = storedGuestToken(albumId) ?? (await join(payload.authorName));
      let answer;
      try {
        answer = await sendMessage(albumId, token, payload, onProgress);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
        token = await join(payload.authorName);
        answer = await sendMessage(albumId, token, payload, onProgress);
      }
      setState({ phase: 'sent', status: answer.status });
      void queryClient.invalidateQueries({ queryKey: guestbookKeys.guest(albumId) });
      return true;
    } catch (error) {
      setState({ phase: 'editing', error });
      return false;
    }
  };

  return { state, send, reset: () => setState({ phase: 'editing' }) };
}
