import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ALBUM_ID, esGuestbook, renderGuestbook } from '../test-support';
import { LeaveMessageEntry } from './leave-message-entry';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const guestbook = (voiceNotes: boolean) => ({
  success: true,
  data: { visible: false, voiceNotes, items: [], totalCount: 0 },
});

/** The server: the guestbook's answer, and `posted` for the message. */
function serve(voiceNotes: boolean, posted: () => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/messages') && init?.method === 'POST') return posted();
    if (url.includes(`/api/albums/${ALBUM_ID}/messages`)) return jsonResponse(guestbook(voiceNotes));
    return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'x' }, 404);
  });
}

beforeEach(() => {
  localStorage.setItem(
    `momentos.guest.${ALBUM_ID}`,
    JSON.stringify({ accessCode: '123456', guestToken: 'pase-de-carmen', name: 'Tía Carmen' }),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
});

async function openForm() {
  renderGuestbook(<LeaveMessageEntry albumId={ALBUM_ID} accessCode="123456" />);
  await userEvent.click(await screen.findByRole('button', { name: esGuestbook.entry.button }));
  return screen.findByTestId('guestbook-compose');
}

describe('the guest leaving a message', () => {
  it('counts the characters live to 1,000 and signs with the name the guest joined with', async () => {
    serve(false, () => jsonResponse({}));
    const dialog = await openForm();
    expect(within(dialog).getByTestId('guestbook-text-count')).toHaveTextContent('0 / 1000');
    await userEvent.type(within(dialog).getByLabelText(esGuestbook.compose.textLabel), '¡Felicidades!');
    expect(within(dialog).getByTestId('guestbook-text-count')).toHaveTextContent('13 / 1000');
    expect(within(dialog).getByLabelText(esGuestbook.compose.textLabel)).toHaveAttribute('maxLength', '1000');
    expect(within(dialog).getByLabelText(esGuestbook.compose.nameLabel)).toHaveValue('Tía Carmen');
  });

  it('shows no voice controls when the plan takes no voice notes', async () => {
    serve(false, () => jsonResponse({}));
    const dialog = await openForm();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(within(dialog).queryByTestId('voice-field')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(esGuestbook.voice.pickFile)).not.toBeInTheDocument();
  });

  it('offers recording and an audio file when the plan takes voice notes', async () => {
    serve(true, () => jsonResponse({}));
    const dialog = await openForm();
    expect(await within(dialog).findByTestId('voice-field')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: esGuestbook.voice.pickFile })).toBeInTheDocument();
    expect(within(dialog).getByTestId('voice-file')).toHaveAttribute('accept', 'audio/*');
  });

  it('keeps every word when the server refuses, and says why in the guest language', async () => {
    serve(false, () => jsonResponse({ success: false, code: 'MESSAGE_LIMIT_REACHED', message: 'Full' }, 403));
    const dialog = await openForm();
    const text = within(dialog).getByLabelText(esGuestbook.compose.textLabel);
    await userEvent.type(text, 'Que sean muy felices');
    const name = within(dialog).getByLabelText(esGuestbook.compose.nameLabel);
    await userEvent.clear(name);
    await userEvent.type(name, 'Carmen y Pepe');
    await userEvent.click(within(dialog).getByRole('button', { name: esGuestbook.compose.send }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(esGuestbook.errors.MESSAGE_LIMIT_REACHED);
    expect(text).toHaveValue('Que sean muy felices');
    expect(name).toHaveValue('Carmen y Pepe');
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Que sean muy felices', authorName: 'Carmen y Pepe' });
    expect(new Headers(init?.headers).get('X-Guest-Token')).toBe('pase-de-carmen');
  });

  it('thanks the guest, and says the hosts review it first when it is pending', async () => {
    serve(false, () =>
      jsonResponse({ success: true, data: { id: '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b09', status: 'pending' } }, 201),
    );
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText(esGuestbook.compose.textLabel), 'Gracias por invitarnos');
    await userEvent.click(within(dialog).getByRole('button', { name: esGuestbook.compose.send }));
    const thanks = await within(dialog).findByTestId('guestbook-thanks');
    expect(thanks).toHaveTextContent(esGuestbook.thanks.text);
    expect(thanks).toHaveTextContent(esGuestbook.thanks.pending);
  });

  it('asks for words or a voice note before sending anything', async () => {
    serve(false, () => jsonResponse({}));
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: esGuestbook.compose.send }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(esGuestbook.compose.needsWords);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
