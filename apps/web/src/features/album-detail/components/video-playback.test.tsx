import {
  ZPlaybackFailure,
  type EventDetails,
  type OwnerPhoto,
  type PlaybackFailure,
  type PlaybackState,
} from '@momentos/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { esAlbumDetail, jsonResponse, renderWithProviders } from '@/test/render';
import enAlbumDetail from '../../../../public/locales/en/albumDetail.json';
import { PROCESSING_REFETCH_MS } from '../api/album-detail-api';
import { PhotosTab } from './photos-tab';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
});

const ALBUM_ID = '3f1c9a52-6d4e-4b7a-9c21-5e8f0a1b2c3d';
const VIDEO_ID = '5c9e1a7b-2d3f-4e8a-9b1c-0d2e3f4a5b6c';
const playbackText = esAlbumDetail.photos.playback;
/** Only what the photos tab reads of the album. */
const details = {
  habilidades: { verification: false },
  consolidado: { pendingPhotos: 0, hiddenPhotos: 0 },
} as unknown as EventDetails;

/** The host's view of a guest's clip: `videoUrl` is the copy when ready, else the original. */
function video(state: PlaybackState, failure: PlaybackFailure | null = null): OwnerPhoto {
  return {
    id: VIDEO_ID,
    urlFoto: '/poster.webp',
    thumbnail: '/thumb.webp',
    originalUrl: '/original.mov?owner=1',
    videoUrl: state === 'ready' ? '/copy.mp4?owner=1' : '/original.mov?owner=1',
    playback: { state, failure, durationMs: 6000 },
    fecha: '2027-06-12T20:00:00.000Z',
    kind: 'video',
    originalName: 'IMG_0042.MOV',
    uploadedByName: 'Abuela Rosa',
    state: 'approved',
    likes: [],
    comentarios: [],
    sectionId: null,
  };
}

/** The server: the photo list answers with `listed()` at each read; the retry answers processing. */
function serve(listed: () => OwnerPhoto) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith(`/photos/${VIDEO_ID}/playback`) && init?.method === 'POST') {
      return jsonResponse({
        success: true,
        data: { id: VIDEO_ID, playback: { state: 'processing', failure: null, durationMs: 6000 } },
      });
    }
    if (url.startsWith(`/api/events/photos/${ALBUM_ID}?`)) {
      return jsonResponse({ success: true, data: { items: [listed()], totalCount: 1 } });
    }
    throw new Error(`unexpected request ${init?.method ?? 'GET'} ${url}`);
  });
}
const listReads = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/events/photos/')).length;

describe('the host’s videos', () => {
  it('marks a video processing on its tile and reads the list again until its copy is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let copy: PlaybackState = 'processing';
    serve(() => video(copy));
    renderWithProviders(<PhotosTab id={ALBUM_ID} data={details} onOpenShare={() => {}} />);
    const badge = await screen.findByTestId('photo-playback');
    expect(badge).toHaveTextContent(playbackText.processing);
    expect(screen.getByRole('button', { name: 'Abrir IMG_0042.MOV' })).toHaveAccessibleDescription(
      playbackText.processing,
    );

    copy = 'ready';
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_REFETCH_MS));
    await waitFor(() => expect(screen.queryByTestId('photo-playback')).not.toBeInTheDocument());
    // Ready: nothing left to wait for, so the list is not read again.
    const reads = listReads();
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_REFETCH_MS * 3));
    expect(listReads()).toBe(reads);
  });

  it('says why a video has no copy, plays its original, and asks for the copy again', async () => {
    let copy: PlaybackState = 'failed';
    serve(() => video(copy, copy === 'failed' ? 'no-ffmpeg' : null));
    const user = userEvent.setup();
    renderWithProviders(<PhotosTab id={ALBUM_ID} data={details} onOpenShare={() => {}} />);
    expect(await screen.findByTestId('photo-playback')).toHaveTextContent(playbackText.noCopy);

    await user.click(screen.getByRole('button', { name: 'Abrir IMG_0042.MOV' }));
    const dialog = await screen.findByTestId('photo-dialog');
    expect(within(dialog).getByTestId('photo-video')).toHaveAttribute('src', '/original.mov?owner=1');
    expect(within(dialog).getByTestId('photo-playback-reason')).toHaveTextContent(
      'Este servidor no tiene ffmpeg instalado: los videos se guardan pero no se puede preparar una copia que se vea en todos los teléfonos.',
    );
    expect(within(dialog).getByTestId('photo-original')).toHaveAttribute('href', '/original.mov?owner=1');

    copy = 'processing';
    await user.click(within(dialog).getByRole('button', { name: esAlbumDetail.retry }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/events/${ALBUM_ID}/photos/${VIDEO_ID}/playback`,
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    // The list is read again: the dialog now says the copy is on its way.
    expect(await within(dialog).findByTestId('photo-playback-processing')).toHaveTextContent(
      playbackText.processingText,
    );
    expect(within(dialog).queryByTestId('photo-playback-failed')).not.toBeInTheDocument();
  });

  it('has a sentence for every reason the contract names, in both languages', () => {
    const reasons = [...ZPlaybackFailure.options].sort();
    expect(Object.keys(esAlbumDetail.photos.playback.failure).sort()).toEqual(reasons);
    expect(Object.keys(enAlbumDetail.photos.playback.failure).sort()).toEqual(reasons);
  });
});
