import { VOICE_NOTE_MAX_SECONDS } from '@momentos/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pickRecorderMimeType, recordingFileName } from '../lib/voice-format';

export interface VoiceRecording {
  blob: Blob;
  fileName: string;
  /** Where the guest hears it back: an object URL the recorder revokes when it is replaced. */
  url: string;
  /** Null for a picked file, whose length the server measures. */
  seconds: number | null;
}

export type RecorderProblem = 'micDenied' | 'micUnavailable' | null;
type Phase = 'idle' | 'starting' | 'recording';

/** Whether this browser can record at all; without it the guest still picks a file or writes. */
export function canRecordAudio(): boolean {
  return typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

function problemOf(error: unknown): RecorderProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'micDenied' : 'micUnavailable';
}

/**
 * The browser's microphone as a voice note: asks for it, records with the best format the
 * browser writes, counts the seconds and stops by itself at VOICE_NOTE_MAX_SECONDS. The
 * recording (or a picked file, through `attach`) stays until it is replaced or removed, so a
 * failed send never loses it.
 */
export function useVoiceRecorder(voice: VoiceRecording | null, onChange: (recording: VoiceRecording | null) => void) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [problem, setProblem] = useState<RecorderProblem>(null);
  const [stoppedAtMax, setStoppedAtMax] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const timers = useRef<{ tick?: number; limit?: number }>({});

  const clearTimers = () => {
    window.clearInterval(timers.current.tick);
    window.clearTimeout(timers.current.limit);
  };

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const replace = useCallback(
    (next: VoiceRecording | null) => {
      if (voice && voice.url !== next?.url) URL.revokeObjectURL(voice.url);
      onChange(next);
    },
    [voice, onChange],
  );

  const start = useCallback(async () => {
    setProblem(null);
    setStoppedAtMax(false);
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setProblem(problemOf(error));
      setPhase('idle');
      return;
    }
    const mimeType = pickRecorderMimeType((type) => MediaRecorder.isTypeSupported(type));
    let media: MediaRecorder;
    try {
      media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (error) {
      stream.getTracks().forEach((track) => track.stop());
      setProblem(problemOf(error));
      setPhase('idle');
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      clearTimers();
      stream.getTracks().forEach((track) => track.stop());
      const seconds = Math.min(VOICE_NOTE_MAX_SECONDS, (Date.now() - startedAt) / 1000);
      const type = media.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      recorder.current = null;
      setPhase('idle');
      if (blob.size === 0) return;
      replace({ blob, fileName: recordingFileName(type), url: URL.createObjectURL(blob), seconds });
    };
    recorder.current = media;
    replace(null);
    media.start(1000);
    setElapsed(0);
    setPhase('recording');
    timers.current.tick = window.setInterval(() => setElapsed((Date.now() - startedAt) / 1000), 250);
    timers.current.limit = window.setTimeout(() => {
      setStoppedAtMax(true);
      setElapsed(VOICE_NOTE_MAX_SECONDS);
      stop();
    }, VOICE_NOTE_MAX_SECONDS * 1000);
  }, [replace, stop]);

  const attach = useCallback(
    (file: File) => {
      setProblem(null);
      setStoppedAtMax(false);
      replace({ blob: file, fileName: file.name, url: URL.createObjectURL(file), seconds: null });
    },
    [replace],
  );

  const remove = useCallback(() => {
    setStoppedAtMax(false);
    replace(null);
  }, [replace]);

  // Leaving the dialog mid-recording keeps what was said: the recorder's stop hands it over.
  useEffect(
    () => () => {
      clearTimers();
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  return { phase, elapsed, problem, stoppedAtMax, start, stop, attach, remove };
}
