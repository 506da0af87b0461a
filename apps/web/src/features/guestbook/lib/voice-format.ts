/**
 * What MediaRecorder should write, in order of preference: Opus in WebM (Chrome, Firefox, Edge),
 * MP4/AAC (Safari), Ogg/Opus (older Firefox). The server sniffs the bytes, so any of them is fine;
 * an empty string lets the browser choose when it claims none of them.
 */
const RECORDER_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/ogg'];

export function pickRecorderMimeType(isTypeSupported: (type: string) => boolean): string {
  return RECORDER_TYPES.find((type) => isTypeSupported(type)) ?? '';
}

/** A name for a recording, ending in the extension its container is known by (the server reads the bytes, not the name). */
export function recordingFileName(mimeType: string): string {
  if (mimeType.startsWith('audio/mp4')) return 'nota-de-voz.m4a';
  if (mimeType.startsWith('audio/ogg')) return 'nota-de-voz.ogg';
  return 'nota-de-voz.webm';
}

/** Whole seconds as "m:ss" ("0:07", "1:00"), as recorders and players show a length. */
export function formatSeconds(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
