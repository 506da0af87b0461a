import type { GuestPhoto } from '../api/album-api';

/** A video whose playback copy is still being made: nothing to play yet, only its poster. */
export function isProcessingVideo(photo: GuestPhoto): boolean {
  return photo.kind === 'video' && photo.playback?.state === 'processing';
}

/** What a video element plays: the copy once ready, the original when no copy could be made; null otherwise. */
export function playableVideoUrl(photo: GuestPhoto): string | null {
  return photo.kind === 'video' ? photo.videoUrl : null;
}
