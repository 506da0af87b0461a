import type { GuestMessage } from '@momentos/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { esGuestbook, MESSAGE_IDS, renderGuestbook } from '../test-support';
import { MessageBody } from './message-body';

const note = (id: string, extra: Partial<GuestMessage> = {}): GuestMessage => ({
  id,
  authorName: 'Tía Carmen',
  text: '',
  createdAt: '2027-06-12T22:00:00.000Z',
  voiceUrl: `/api/albums/x/messages/${id}/voice.m4a?sig=1`,
  voiceType: 'audio/mp4',
  voiceDurationMs: 42_400,
  ...extra,
});

/** jsdom plays nothing: play and pause only fire their events, as a browser's would. */
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => vi.restoreAllMocks());

const setMedia = (audio: HTMLElement, name: 'duration' | 'currentTime', value: number) =>
  Object.defineProperty(audio, name, { value, configurable: true });

describe('a voice note’s player', () => {
  it('shows the note’s length before anything is fetched, and keeps it when the file states none', async () => {
    renderGuestbook(<MessageBody message={note(MESSAGE_IDS[0])} />);
    const player = screen.getByTestId('voice-note-player');
    expect(player).toHaveAccessibleName('Nota de voz de Tía Carmen');
    expect(within(player).getByTestId('voice-note-time')).toHaveTextContent('0:00 / 0:42');
    const audio = within(player).getByTestId('voice-note-audio');
    expect(audio).toHaveAttribute('preload', 'none');
    expect(audio).toHaveAttribute('src', note(MESSAGE_IDS[0]).voiceUrl);

    await userEvent.click(within(player).getByRole('button', { name: esGuestbook.message.play }));
    expect(within(player).getByRole('button', { name: esGuestbook.message.pause })).toBeInTheDocument();
    // A live WebM reads Infinity: the server's length stays.
    setMedia(audio, 'duration', Infinity);
    fireEvent.durationChange(audio);
    setMedia(audio, 'currentTime', 7.2);
    fireEvent.timeUpdate(audio);
    expect(within(player).getByTestId('voice-note-time')).toHaveTextContent('0:07 / 0:42');
    expect(within(player).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
  });

  it('takes the file’s own length once it has one, and shows the time alone when nobody knows it', () => {
    renderGuestbook(
      <>
        <MessageBody message={note(MESSAGE_IDS[0])} />
        <MessageBody message={note(MESSAGE_IDS[1], { voiceDurationMs: null, voiceType: 'audio/webm' })} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('voice-note-player');
    const audio = within(first!).getByTestId('voice-note-audio');
    setMedia(audio, 'duration', 43.1);
    fireEvent.loadedMetadata(audio);
    expect(within(first!).getByTestId('voice-note-time')).toHaveTextContent('0:00 / 0:43');
    expect(within(second!).getByTestId('voice-note-time')).toHaveTextContent(/^0:00$/);
  });

  it('plays one note at a time, and offers the file when this browser cannot play it', async () => {
    renderGuestbook(
      <>
        <MessageBody message={note(MESSAGE_IDS[0])} />
        <MessageBody message={note(MESSAGE_IDS[1])} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('voice-note-play');
    await userEvent.click(first!);
    await userEvent.click(second!);
    expect(first).toHaveAccessibleName(esGuestbook.message.play);
    expect(second).toHaveAccessibleName(esGuestbook.message.pause);

    fireEvent.error(screen.getAllByTestId('voice-note-audio')[1]!);
    const link = screen.getByRole('link', { name: esGuestbook.message.openVoice });
    expect(link).toHaveAttribute('href', note(MESSAGE_IDS[1]).voiceUrl);
  });
});
