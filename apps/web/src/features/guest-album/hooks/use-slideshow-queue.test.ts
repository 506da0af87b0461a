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
  likes: 0,
  comments: 0,
  likedByMe: false,
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
});
