import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestPhoto } from '../api/album-api';
import { SLIDE_MS, useSlideshowQueue } from './use-slideshow-queue';

const photo = (n: number): GuestPhoto => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  fileName: '',
  thumbnailUrl: `/t${n}`,
  displayUrl: `/d${n}`,
  originalName: `IMG_${n}.jpg`,
  uploadedByName: 'Ana',
  uploadedAt: '2027-06-12T18:00:00.000Z',
  takenAt: null,
  status: 'approved',
  kind: 'photo',
  videoUrl: null,
  playback: null,
  likes: 0,
  comments: 0,
  likedByMe: false,
  sectionId: null,
});
/** A 20-second clip: its copy `processing` (nothing to play yet) or `ready`. */
const video = (n: number, state: 'processing' | 'ready'): GuestPhoto => ({
  ...photo(n),
  originalName: `VID_${n}.mov`,
  kind: 'video',
  videoUrl: state === 'ready' ? `/v${n}` : null,
  playback: { state, failure: null, durationMs: 20_000 },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(initial: GuestPhoto[], hasMore = false) {
  const loadMore = vi.fn();
  const hook = renderHook(({ photos }) => useSlideshowQueue(photos, { hasMore, loadMore }), {
    initialProps: { photos: initial },
  });
  const shown = () => hook.result.current.current?.originalName;
  const tick = () => act(() => vi.advanceTimersByTime(SLIDE_MS));
  return { hook, shown, tick, loadMore };
}

describe('the slideshow queue', () => {
  it('shows the newest photo at once, advances every slide and starts again after the last', () => {
    const { shown, tick } = setup([photo(3), photo(2), photo(1)]);
    expect(shown()).toBe('IMG_3.jpg');
    tick();
    expect(shown()).toBe('IMG_2.jpg');
    tick();
    tick();
    expect(shown()).toBe('IMG_3.jpg');
  });

  it('lets a photo announced live jump the queue once its details have arrived', () => {
    const { hook, shown, tick } = setup([photo(3), photo(2), photo(1)]);
    act(() => hook.result.current.announce(photo(4).id));
    tick();
    // Not in the list yet: the walk goes on.
    expect(shown()).toBe('IMG_2.jpg');
    hook.rerender({ photos: [photo(4), photo(3), photo(2), photo(1)] });
    tick();
    expect(shown()).toBe('IMG_4.jpg');
    tick();
    // Then it carries on from the newest photo it just showed.
    expect(shown()).toBe('IMG_3.jpg');
  });

  it('starts as soon as the first photo of an empty album arrives, and asks for more pages near the end', () => {
    const { hook, shown, loadMore } = setup([], true);
    expect(shown()).toBeUndefined();
    hook.rerender({ photos: [photo(1)] });
    expect(shown()).toBe('IMG_1.jpg');
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(loadMore).toHaveBeenCalled();
  });

  it('passes a video by while its copy is processing, and shows it in its turn once ready', () => {
    const { hook, shown, tick } = setup([video(3, 'processing'), photo(2), photo(1)]);
    expect(shown()).toBe('IMG_2.jpg');
    tick();
    expect(shown()).toBe('IMG_1.jpg');
    tick();
    // Round again: still processing, so the walk skips it.
    expect(shown()).toBe('IMG_2.jpg');
    hook.rerender({ photos: [video(3, 'ready'), photo(2), photo(1)] });
    tick();
    tick();
    expect(shown()).toBe('VID_3.mov');
  });

  it('keeps a video on screen until it ends (not the photo interval), then moves on', () => {
    const { hook, shown, tick } = setup([video(2, 'ready'), photo(1)]);
    expect(shown()).toBe('VID_2.mov');
    tick();
    expect(shown()).toBe('VID_2.mov');
    tick();
    tick();
    expect(shown()).toBe('VID_2.mov');
    // The slide calls advance when the clip ends or cannot play.
    act(() => hook.result.current.advance());
    expect(shown()).toBe('IMG_1.jpg');
  });

  it('moves on from a video that stalls without ending, once its length and one interval have passed', () => {
    const { shown } = setup([video(2, 'ready'), photo(1)]);
    act(() => vi.advanceTimersByTime(20_000 + SLIDE_MS - 1));
    expect(shown()).toBe('VID_2.mov');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('IMG_1.jpg');
  });

  it('holds a video announced live until its copy is ready, then shows it next', () => {
    const { hook, shown, tick } = setup([photo(3), photo(2), photo(1)]);
    act(() => hook.result.current.announce(video(4, 'processing').id));
    hook.rerender({ photos: [video(4, 'processing'), photo(3), photo(2), photo(1)] });
    tick();
    expect(shown()).toBe('IMG_2.jpg');
    hook.rerender({ photos: [video(4, 'ready'), photo(3), photo(2), photo(1)] });
    tick();
    expect(shown()).toBe('VID_4.mov');
  });

  it('starts an album of nothing but processing videos when the first copy is ready', () => {
    const { hook, shown } = setup([video(1, 'processing')]);
    expect(shown()).toBeUndefined();
    hook.rerender({ photos: [video(1, 'ready')] });
    expect(shown()).toBe('VID_1.mov');
  });
});
