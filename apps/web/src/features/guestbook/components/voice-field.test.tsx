import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ALBUM_ID, esGuestbook, renderGuestbook } from '../test-support';
import { LeaveMessageEntry } from './leave-message-entry';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
Object.assign(URL, { createObjectURL: () => 'blob:nota', revokeObjectURL: () => undefined });

/** MediaRecorder as jsdom lacks it: records until stopped, then hands over one chunk. */
class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: MediaStream, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const track = { stop: vi.fn() };
const getUserMedia = vi.fn<() => Promise<MediaStream>>();

beforeEach(() => {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  getUserMedia.mockResolvedValue({ getTracks: () => [track] } as unknown as MediaStream);
  localStorage.setItem(
    `momentos.guest.${ALBUM_ID}`,
    JSON.stringify({ accessCode: '123456', guestToken: 'pase', name: 'Tía Carmen' }),
  );
  fetchMock.mockImplementation(async () =>
    jsonResponse({ success: true, data: { visible: false, voiceNotes: true, items: [], totalCount: 0 } }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  track.stop.mockReset();
  FakeRecorder.last = null;
});

async function openVoiceField() {
  renderGuestbook(<LeaveMessageEntry albumId={ALBUM_ID} accessCode="123456" />);
  await userEvent.click(await screen.findByRole('button', { name: esGuestbook.entry.button }));
  return screen.findByTestId('voice-field');
}

describe('recording a voice note', () => {
  it('counts the seconds, stops by itself at one minute, releases the microphone and plays it back', async () => {
    const field = await openVoiceField();
    vi.useFakeTimers();
    fireEvent.click(within(field).getByRole('button', { name: esGuestbook.voice.record }));
    await act(async () => {});
    expect(FakeRecorder.last?.mimeType).toBe('audio/webm;codecs=opus');

    act(() => vi.advanceTimersByTime(12_000));
    expect(within(field).getByTestId('voice-elapsed')).toHaveTextContent('0:12 / 1:00');
    // What is being said is not sent half-way: the message waits for the recording.
    expect(screen.getByRole('button', { name: esGuestbook.compose.send })).toBeDisabled();
    act(() => vi.advanceTimersByTime(47_900));
    expect(FakeRecorder.last?.state).toBe('recording');

    act(() => vi.advanceTimersByTime(100));
    expect(FakeRecorder.last?.state).toBe('inactive');
    expect(track.stop).toHaveBeenCalled();
    expect(within(field).getByTestId('voice-preview')).toHaveAttribute('src', 'blob:nota');
    expect(within(field).getByText(esGuestbook.voice.reachedMax)).toBeInTheDocument();
    expect(within(field).getByRole('button', { name: esGuestbook.voice.rerecord })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: esGuestbook.compose.send })).toBeEnabled();
  });

  it('says the microphone was refused and leaves the written message working', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const field = await openVoiceField();
    await userEvent.click(within(field).getByRole('button', { name: esGuestbook.voice.record }));
    expect(await within(field).findByRole('alert')).toHaveTextContent(esGuestbook.voice.micDenied);
    const text = screen.getByLabelText(esGuestbook.compose.textLabel);
    await userEvent.type(text, 'Sin micrófono, con cariño');
    expect(text).toHaveValue('Sin micrófono, con cariño');
    expect(screen.getByRole('button', { name: esGuestbook.compose.send })).toBeEnabled();
  });

  it('sends the recording as a form and shows how far the upload is, in percent', async () => {
    const sent: { form?: FormData; headers: Record<string, string> } = { headers: {} };
    let finish: () => void = () => undefined;
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      getResponseHeader() {
        return null;
      }
      send(form: FormData) {
        sent.form = form;
        this.upload.onprogress?.({ loaded: 400, total: 1000, lengthComputable: true } as ProgressEvent);
        finish = () => {
          this.status = 201;
          this.responseText = JSON.stringify({ success: true, data: { id: 'x', status: 'approved' } });
          this.onload?.();
        };
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const field = await openVoiceField();
    await userEvent.click(within(field).getByRole('button', { name: esGuestbook.voice.record }));
    await userEvent.click(await within(field).findByTestId('voice-stop'));
    await userEvent.click(screen.getByRole('button', { name: esGuestbook.compose.send }));

    expect(await screen.findByRole('progressbar', { name: esGuestbook.compose.progressLabel })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('button', { name: 'Enviando… 40 %' })).toBeDisabled();
    expect(sent.headers['X-Guest-Token']).toBe('pase');
    expect(sent.form?.get('text')).toBe('');
    expect(sent.form?.get('authorName')).toBe('Tía Carmen');
    expect((sent.form?.get('voice') as File).name).toBe('nota-de-voz.webm');
    act(() => finish());
    expect(await screen.findByTestId('guestbook-thanks')).toHaveTextContent(esGuestbook.thanks.text);
  });
});
