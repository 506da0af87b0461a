import type { EventDetails } from '@momentos/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { esAlbumDetail, jsonResponse, renderWithProviders } from '@/test/render';
import { PhotosTab } from './photos-tab';

const ALBUM_ID = '3f1c9a52-6d4e-4b7a-9c21-5e8f0a1b2c3d';
const GUEST_URL = 'http://momentos.test/guest/482913';
const details = (photos: number) =>
  ({
    evento: { nombre: 'Boda de Ana y Luis', accessCode: '482913', guestUrl: GUEST_URL },
    habilidades: { verification: false },
    consolidado: { pendingPhotos: 0, hiddenPhotos: photos, photos, videos: 0 },
  }) as unknown as EventDetails;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
beforeEach(() =>
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://momentos.test');
    if (url.pathname === `/api/events/${ALBUM_ID}/sections`)
      return jsonResponse({ success: true, data: { items: [], limit: 1 } });
    if (url.pathname === `/api/events/photos/${ALBUM_ID}`)
      return jsonResponse({ success: true, data: { items: [], totalCount: 0 } });
    throw new Error(`unexpected request ${String(input)}`);
  }),
);
afterEach(() => fetchMock.mockReset());

describe('the empty photo grid', () => {
  it('offers to share the album: the Compartir tab where there is no share sheet, and the link copied', async () => {
    const user = userEvent.setup();
    const onOpenShare = vi.fn();
    renderWithProviders(<PhotosTab id={ALBUM_ID} data={details(0)} onOpenShare={onOpenShare} />);
    expect(await screen.findByText(esAlbumDetail.photos.emptyShareText)).toBeInTheDocument();
    await user.click(screen.getByTestId('photos-empty-share'));
    expect(onOpenShare).toHaveBeenCalledOnce();
    await user.click(screen.getByTestId('photos-empty-copy'));
    expect(await navigator.clipboard.readText()).toBe(GUEST_URL);
    expect(await screen.findByText(esAlbumDetail.share.copied)).toBeInTheDocument();
  });

  it('opens the phone’s share sheet with the code and link where there is one', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const onOpenShare = vi.fn();
      renderWithProviders(<PhotosTab id={ALBUM_ID} data={details(0)} onOpenShare={onOpenShare} />);
      await user.click(await screen.findByTestId('photos-empty-share'));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: GUEST_URL, title: 'Boda de Ana y Luis' }));
      expect(onOpenShare).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('offers no share button when only a filter is empty (the album has photos)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotosTab id={ALBUM_ID} data={details(2)} onOpenShare={() => {}} />);
    expect(await screen.findByTestId('photos-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('photos-empty-share')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('photo-filter-hidden'));
    expect(await screen.findByText(esAlbumDetail.photos.emptyFiltered.hidden)).toBeInTheDocument();
    expect(screen.queryByTestId('photos-empty-share')).not.toBeInTheDocument();
  });
});
