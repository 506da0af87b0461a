import { ALBUM_CODE_HEADER, ALBUM_LIVE_PHOTO_EVENT } from '@momentos/contract';
import { ErrorTally } from './load-stats.js';

/** The web app's page of photos (apps/web/src/features/guest-album/api/album-api.ts PAGE_SIZE). */
const WEB_PAGE_SIZE = 60;
/** EventSource's wait before it reconnects, as the server's `retry:` asks. */
const RECONNECT_MS = 3000;

export interface Slideshow {
  /** When each photo's `photo` event first arrived (performance.now()). */
  arrivals: Map<string, number>;
  /** Events for a photo already announced. */
  repeatedEvents: number;
  /** Durations of the slideshow's reads: its details, the first page and every refetch. */
  readMs: number[];
  errors: ErrorTally;
  close(): Promise<void>;
}

/**
 * A projector's slideshow page as the web app runs it (slideshow-page.tsx): it reads the
 * slideshow's details and the first page of photos with the album code, holds the live stream
 * open, and refetches the first page whenever a photo is announced (one refetch at a time, one
 * more if photos arrived meanwhile, as TanStack Query's invalidation does). Resolves once the
 * stream is subscribed.
 */
export async function openSlideshow(baseUrl: string, albumId: string, code: string): Promise<Slideshow> {
  const slideshow: Slideshow = { arrivals: new Map(), repeatedEvents: 0, readMs: [], errors: new ErrorTally(), close };
  const controller = new AbortController();
  let isClosed = false;
  const headers = { [ALBUM_CODE_HEADER]: code };

  const read = async (label: string, path: string) => {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
      if (!response.ok) return await slideshow.errors.addResponse(label, response);
      await response.arrayBuffer();
      slideshow.readMs.push(performance.now() - started);
    } catch (error) {
      if (!isClosed) slideshow.errors.addFailure(label, error);
    }
  };
  const firstPage = `/api/albums/${albumId}/photos?page=1&pageSize=${WEB_PAGE_SIZE}`;
  let refetching: Promise<void> | undefined;
  let isStale = false;
  const refetch = () => {
    isStale = true;
    refetching ??= (async () => {
      while (isStale && !isClosed) {
        isStale = false;
        await read('slideshow page refetch', firstPage);
      }
      refetching = undefined;
    })();
  };

  const onBlock = (block: string) => {
    const lines = block.split('\n');
    if (!lines.includes(`event: ${ALBUM_LIVE_PHOTO_EVENT}`)) return;
    const data = lines.find((line) => line.startsWith('data: '));
    const { photoId } = JSON.parse(data!.slice('data: '.length)) as { photoId: string };
    if (slideshow.arrivals.has(photoId)) slideshow.repeatedEvents++;
    else slideshow.arrivals.set(photoId, performance.now());
    refetch();
  };

  /** Reads one connection of the stream until it ends; `onOpen` once its first bytes arrive. */
  const listen = async (onOpen: () => void) => {
    const response = await fetch(`${baseUrl}/api/albums/${albumId}/live?code=${code}`, { signal: controller.signal });
    if (!response.ok || !response.body) return slideshow.errors.addResponse('live stream', response);
    const decoder = new TextDecoder();
    let buffered = '';
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      onOpen();
      buffered += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        onBlock(buffered.slice(0, end));
        buffered = buffered.slice(end + 2);
      }
    }
  };

  await read('slideshow details', `/api/albums/${albumId}/slideshow`);
  await read('slideshow first page', firstPage);
  let onOpen: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => (onOpen = resolve));
  const streaming = (async () => {
    while (!isClosed) {
      try {
        await listen(onOpen);
        if (!isClosed) slideshow.errors.add('live stream ended by the server');
      } catch (error) {
        if (!isClosed) slideshow.errors.addFailure('live stream', error);
      }
      onOpen(); // A stream refused at once is logged; the run goes on without it.
      if (isClosed) break;
      // As EventSource does: reconnect after the server's retry delay, then catch up with a refetch.
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      refetch();
    }
  })();
  await subscribed;

  async function close() {
    isClosed = true;
    controller.abort();
    await streaming;
    await refetching;
  }
  return slideshow;
}
