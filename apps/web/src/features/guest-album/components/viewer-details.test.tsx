import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { esAlbum, jsonResponse, renderWithProviders } from '@/test/render';
import type { GuestPhoto } from '../api/album-api';
import { ViewerDetails } from './viewer-details';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const ALBUM_ID = '3f1c9a52-6d4e-4b7a-9c21-5e8f0a1b2c3d';
const PHOTO: GuestPhoto = {
  id: '7a2b4c6d-8e9f-4a1b-8c2d-3e4f5a6b7c8d',
  fileName: '/d',
  thumbnailUrl: '/t',
  displayUrl: '/d',
  originalName: 'IMG_0001.jpg',
  uploadedByName: 'Ana',
  uploadedAt: '2027-06-12T18:00:00.000Z',
  takenAt: null,
  status: 'approved',
  kind: 'photo',
  videoUrl: null,
  playback: null,
  likes: 0,
  comments: 4,
  likedByMe: false,
  sectionId: null,
};
const comment = (n: number) => ({
  id: `0b6f1c2a-4e5d-4c3b-9a8f-7e6d5c4b3a2${n}`,
  authorName: 'Luis',
  text: `comentario ${n}`,
  createdAt: `2027-06-12T18:0${n}:00.000Z`,
});
const shownTexts = () => screen.getAllByTestId('viewer-comment').map((item) => item.textContent?.replace('Luis', ''));

describe('ViewerDetails comments', () => {
  it('shows the newest page oldest first, and the earlier-comments button loads the page before it above', async () => {
    // The server answers newest first, a page at a time: the newest two, then (with the cursor) the two before.
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('cursor=')
        ? jsonResponse({ success: true, data: { items: [comment(1), comment(0)], totalCount: 4, nextCursor: null } })
        : jsonResponse({
            success: true,
            data: { items: [comment(3), comment(2)], totalCount: 4, nextCursor: 'older/page+1' },
          }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <ViewerDetails albumId={ALBUM_ID} photo={PHOTO} session={{ accessCode: '123456' }} join={async () => 'token'} />,
    );

    await waitFor(() => expect(shownTexts()).toEqual(['comentario 2', 'comentario 3']));
    const earlier = screen.getByTestId('viewer-earlier-comments');
    expect(earlier).toHaveTextContent(esAlbum.viewer.earlierComments);

    await user.click(earlier);
    await waitFor(() => expect(shownTexts()).toEqual(['comentario 0', 'comentario 1', 'comentario 2', 'comentario 3']));
    const earlierUrl = `/api/albums/${ALBUM_ID}/photos/${PHOTO.id}/comments?cursor=${encodeURIComponent('older/page+1')}`;
    expect(String(fetchMock.mock.calls[1]![0])).toBe(earlierUrl);
    // The oldest page says there is nothing before it.
    expect(screen.queryByTestId('viewer-earlier-comments')).not.toBeInTheDocument();
  });
});
