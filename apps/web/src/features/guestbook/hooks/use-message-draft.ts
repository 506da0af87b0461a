import { useCallback, useState } from 'react';
import type { VoiceRecording } from './use-voice-recorder';

export interface MessageDraft {
  text: string;
  authorName: string;
  voice: VoiceRecording | null;
}

/**
 * What the guest has written and recorded, held above the dialog: closing it, or a failed send,
 * keeps every word and the recording; only a message that arrived clears it.
 */
export function useMessageDraft(defaultName: () => string) {
  const [draft, setDraft] = useState<MessageDraft>(() => ({ text: '', authorName: defaultName(), voice: null }));
  const update = useCallback((change: Partial<MessageDraft>) => setDraft((current) => ({ ...current, ...change })), []);
  const setVoice = useCallback((voice: VoiceRecording | null) => update({ voice }), [update]);
  const clear = useCallback(() => {
    setDraft((current) => {
      if (current.voice) URL.revokeObjectURL(current.voice.url);
      return { text: '', authorName: current.authorName, voice: null };
    });
  }, []);
  return { draft, update, setVoice, clear };
}
