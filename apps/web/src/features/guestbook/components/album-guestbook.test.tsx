import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ALBUM_ID, esGuestbook, MESSAGE_IDS, renderGuestbook } from '../test-support';
import { AlbumGuestbook } from './album-guestbook';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const join = vi.fn<(name: string) => Promise<string>>();
const items = [
  {
    id: MESSAGE_IDS[1],
    authorName: 'Tía Carmen',
    text: 'Los quiero mucho',
    createdAt: '2027-06-12T22:00:00.000Z',
    voiceUrl: '/api/albums/x/messages/y/voice?sig=1',
    voiceDurationMs: 7000,
  },
  {
    id: MESSAGE_IDS[0],
    authorName: 'Pepe',
    text: 'Felicidades',
    createdAt: '2027-06-12T21:00:00.000Z',
    voiceUrl: null,
    voiceDurationMs: null,
  },
];
const serve = (visible: boolean) =>
  fetchMock.mockResolvedValue(
    jsonResponse({
      success: true,
      data: { visible, voiceNotes: true, items: visible ? items : [], totalCount: visible ? 2 : 0 },
    }),
  );

describe('the guestbook on the shared album', () => {
  it('shows the public messages newest first with their count and voice notes', async () => {
    serve(true);
    renderGuestbook(<AlbumGuestbook albumId={ALBUM_ID} accessCode="123456" join={join} canWrite />);
    expect(await screen.findByTestId('public-guestbook-count')).toHaveTextContent('2 mensajes');
    const messages = screen.getAllByTestId('public-message');
    expect(messages.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Los quiero mucho'),
      expect.stringContaining('Felicidades'),
    ]);
    expect(messages[0]?.querySelector('audio')).toHaveAttribute('src', items[0]!.voiceUrl);
    expect(screen.getByRole('button', { name: esGuestbook.entry.title })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/albums/${ALBUM_ID}/messages?page=1&pageSize=20`);
    expect(new Headers(init?.headers).get('X-Album-Code')).toBe('123456');
  });

  it('shows nothing of a private guestbook but the way to write to the hosts', async () => {
    serve(false);
    renderGuestbook(<AlbumGuestbook albumId={ALBUM_ID} accessCode="123456" join={join} canWrite />);
    expect(await screen.findByRole('button', { name: esGuestbook.entry.title })).toBeInTheDocument();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('public-guestbook')).not.toBeInTheDocument();
    expect(screen.queryByText(esGuestbook.public.title)).not.toBeInTheDocument();
  });

  it('shows nothing at all once the album is closed and the guestbook private', async () => {
    serve(false);
    renderGuestbook(<AlbumGuestbook albumId={ALBUM_ID} accessCode="123456" join={join} canWrite={false} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('guestbook-entry')).not.toBeInTheDocument();
    expect(screen.queryByTestId('public-guestbook')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
