import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { esAlbum, jsonResponse, renderWithProviders } from '@/test/render';
import type { GuestPhoto } from '../api/album-api';
import { PhotoTile } from './photo-tile';
import { PhotoViewer } from './photo-viewer';
import { Slide } from './slide';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
beforeEach(() =>
  fetchMock.mockImplementation(async () =>
    jsonResponse({ success: true, data: { items: [], totalCount: 0, nextCursor: null } }),
  ),
);
afterEach(() => fetchMock.mockReset());

const ALBUM_ID = '3f1c9a52-6d4e-4b7a-9c21-5e8f0a1b2c3d';
const poster = '/api/albums/a/photos/v/display?exp=1&sig=s';

/** A guest's clip as the album lists it: `videoUrl` follows the copy's state, as the contract says. */
function video(
  state: 'processing' | 'ready' | 'failed',
  failure: 'no-ffmpeg' | 'unreadable' | null = null,
): GuestPhoto {
  return {
    id: '5c9e1a7b-2d3f-4e8a-9b1c-0d2e3f4a5b6c',
    fileName: poster,
    thumbnailUrl: '/api/albums/a/photos/v/thumb?exp=1&sig=s',
    displayUrl: poster,
    originalName: 'IMG_0042.MOV',
    uploadedByName: 'Abuela Rosa',
    uploadedAt: '2027-06-12T20:00:00.000Z',
    takenAt: null,
    status: 'approved',
    kind: 'video',
    videoUrl: { processing: null, ready: '/copy.mp4?exp=1&sig=s', failed: '/original.mov?exp=1&sig=s' }[state],
    playback: { state, failure, durationMs: state === 'processing' ? null : 6000 },
    likes: 0,
    comments: 0,
    likedByMe: false,
    sectionId: null,
  };
}

function openViewer(photo: GuestPhoto) {
  return renderWithProviders(
    <PhotoViewer
      albumId={ALBUM_ID}
      photos={[photo]}
      index={0}
      total={1}
      session={{ accessCode: '123456' }}
      join={async () => 'token'}
      onNavigate={() => undefined}
      saving={null}
      onClose={() => undefined}
      onNearEnd={() => undefined}
    />,
  );
}

describe('a guest’s video in the album', () => {
  it('shows “Procesando…” on its tile while the copy is made, and its play badge once ready', () => {
    const processing = renderWithProviders(<PhotoTile photo={video('processing')} onOpen={() => undefined} />);
    expect(screen.getByTestId('video-processing')).toHaveTextContent(esAlbum.grid.processing);
    // The tile's name says so too, for a screen reader.
    expect(screen.getByRole('button', { name: /IMG_0042\.MOV \(procesando/ })).toBeInTheDocument();
    processing.unmount();
    renderWithProviders(<PhotoTile photo={video('ready')} onOpen={() => undefined} />);
    expect(screen.queryByTestId('video-processing')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir video IMG_0042.MOV' })).toBeInTheDocument();
  });

  it('opens on its poster with no player while processing, saying it will appear by itself', () => {
    openViewer(video('processing'));
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByTestId('viewer-poster')).toHaveAttribute('src', poster);
    expect(screen.getByRole('status')).toHaveTextContent(esAlbum.viewer.processingTitle);
    expect(screen.getByRole('status')).toHaveTextContent(esAlbum.viewer.processingText);
  });

  it('plays the copy once ready, inline on a phone, over its poster', () => {
    openViewer(video('ready'));
    const player = screen.getByTestId('viewer-video');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', '/copy.mp4?exp=1&sig=s');
    expect(player).toHaveAttribute('poster', poster);
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('playsinline');
    expect(screen.queryByTestId('viewer-video-failed')).not.toBeInTheDocument();
  });

  it('plays the original when no copy could be made, with a short note and no technical reason', () => {
    const noFfmpeg = openViewer(video('failed', 'no-ffmpeg'));
    expect(screen.getByTestId('viewer-video')).toHaveAttribute('src', '/original.mov?exp=1&sig=s');
    expect(screen.getByTestId('viewer-video-failed')).toHaveTextContent(esAlbum.viewer.noCopyOnServer);
    noFfmpeg.unmount();
    openViewer(video('failed', 'unreadable'));
    expect(screen.getByTestId('viewer-video-failed')).toHaveTextContent(esAlbum.viewer.noCopy);
  });
});

describe('a video in the slideshow', () => {
  const play = vi.fn(() => Promise.resolve());
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('plays muted and inline by itself, and moves the slideshow on when it ends or cannot play', () => {
    const onEnded = vi.fn();
    renderWithProviders(<Slide photo={video('ready')} isCurrent turn={1} onEnded={onEnded} />);
    const player = screen.getByTestId('slideshow-video') as HTMLVideoElement;
    expect(player).toHaveAttribute('src', '/copy.mp4?exp=1&sig=s');
    expect(player.muted).toBe(true);
    expect(player).toHaveAttribute('playsinline');
    expect(play).toHaveBeenCalled();
    expect(onEnded).not.toHaveBeenCalled();
    fireEvent.ended(player);
    expect(onEnded).toHaveBeenCalledTimes(1);
    fireEvent.error(player);
    expect(onEnded).toHaveBeenCalledTimes(2);
  });

  it('leaves a photo as a picture', () => {
    const photo = { ...video('ready'), kind: 'photo' as const, videoUrl: null, playback: null };
    renderWithProviders(<Slide photo={photo} isCurrent turn={1} onEnded={() => undefined} />);
    expect(screen.getByTestId('slideshow-photo').tagName).toBe('IMG');
    expect(document.querySelector('video')).toBeNull();
  });
});
