import type { EventMessages, OwnerMessage } from '@momentos/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ALBUM_ID, esGuestbook, MESSAGE_IDS, renderGuestbook } from '../test-support';
import { MessagesTab } from './messages-tab';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const message = (id: string, status: OwnerMessage['status'], extra: Partial<OwnerMessage> = {}): OwnerMessage => ({
  id,
  authorName: 'Tía Carmen',
  text: `Mensaje ${id.slice(-2)}`,
  createdAt: '2027-06-12T21:00:00.000Z',
  voiceUrl: null,
  voiceType: null,
  voiceDurationMs: null,
  status,
  ...extra,
});

/** The server keeps the messages: PATCH changes a status, DELETE removes one, GET lists them. */
function serve(initial: OwnerMessage[], limit: number | null = 100) {
  let messages = [...initial];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const messageId = /\/messages\/([^/?]+)/.exec(url)?.[1];
    if (init?.method === 'PATCH' && messageId) {
      const body = JSON.parse(String(init.body)) as { hidden?: boolean; approve?: true };
      const status = body.approve ? 'approved' : body.hidden ? 'hidden' : 'approved';
      messages = messages.map((item) => (item.id === messageId ? { ...item, status } : item));
      return jsonResponse({ success: true, data: { id: messageId, status } });
    }
    if (init?.method === 'DELETE' && messageId) {
      messages = messages.filter((item) => item.id !== messageId);
      return jsonResponse({ success: true });
    }
    const count = (state: OwnerMessage['status']) => messages.filter((item) => item.status === state).length;
    const data: EventMessages = {
      items: messages,
      totalCount: messages.length,
      counts: { approved: count('approved'), pending: count('pending'), hidden: count('hidden') },
      limit,
    };
    return jsonResponse({ success: true, data });
  });
}

const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method);
const card = (text: string) => screen.getByText(text).closest('li')!;

describe("the host's messages tab", () => {
  it('lists every message with its state, voice note and the count against the plan', async () => {
    serve([
      message(MESSAGE_IDS[0], 'pending', { voiceUrl: '/voz.webm?owner=1', voiceDurationMs: 12_000 }),
      message(MESSAGE_IDS[1], 'hidden'),
      message(MESSAGE_IDS[2], 'approved'),
    ]);
    renderGuestbook(<MessagesTab id={ALBUM_ID} />);
    expect(await screen.findByTestId('messages-count')).toHaveTextContent('3 de 100 mensajes');
    expect(within(card('Mensaje 01')).getByText(esGuestbook.host.states.pending)).toBeInTheDocument();
    expect(within(card('Mensaje 02')).getByText(esGuestbook.host.states.hidden)).toBeInTheDocument();
    expect(card('Mensaje 01').querySelector('audio')).toHaveAttribute('src', '/voz.webm?owner=1');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/events/${ALBUM_ID}/messages?page=1&pageSize=20`);
  });

  it('approves a pending message and hides an approved one through the API, and the list follows', async () => {
    serve([message(MESSAGE_IDS[0], 'pending'), message(MESSAGE_IDS[2], 'approved')]);
    renderGuestbook(<MessagesTab id={ALBUM_ID} />);
    await screen.findByText('Mensaje 01');

    await userEvent.click(within(card('Mensaje 01')).getByRole('button', { name: esGuestbook.host.approve }));
    await waitFor(() =>
      expect(within(card('Mensaje 01')).queryByText(esGuestbook.host.states.pending)).not.toBeInTheDocument(),
    );
    expect(calls('PATCH')[0]?.[0]).toBe(`/api/events/${ALBUM_ID}/messages/${MESSAGE_IDS[0]}`);
    expect(JSON.parse(String(calls('PATCH')[0]?.[1]?.body))).toEqual({ approve: true });

    await userEvent.click(within(card('Mensaje 03')).getByRole('button', { name: esGuestbook.host.hide }));
    expect(await within(card('Mensaje 03')).findByText(esGuestbook.host.states.hidden)).toBeInTheDocument();
    expect(JSON.parse(String(calls('PATCH')[1]?.[1]?.body))).toEqual({ hidden: true });
    await userEvent.click(within(card('Mensaje 03')).getByRole('button', { name: esGuestbook.host.show }));
    await waitFor(() => expect(JSON.parse(String(calls('PATCH')[2]?.[1]?.body))).toEqual({ hidden: false }));
  });

  it('deletes a message only after the host confirms, and it leaves the list', async () => {
    serve([message(MESSAGE_IDS[0], 'approved'), message(MESSAGE_IDS[1], 'approved')], null);
    renderGuestbook(<MessagesTab id={ALBUM_ID} />);
    expect(await screen.findByTestId('messages-count')).toHaveTextContent('2 mensajes');

    await userEvent.click(within(card('Mensaje 01')).getByRole('button', { name: esGuestbook.host.delete }));
    const confirm = await screen.findByRole('alertdialog');
    expect(calls('DELETE')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: esGuestbook.host.delete }));

    await waitFor(() => expect(screen.queryByText('Mensaje 01')).not.toBeInTheDocument());
    expect(calls('DELETE')[0]?.[0]).toBe(`/api/events/${ALBUM_ID}/messages/${MESSAGE_IDS[0]}`);
    expect(screen.getByText('Mensaje 02')).toBeInTheDocument();
    expect(await screen.findByTestId('messages-count')).toHaveTextContent('1 mensaje');
  });

  it('says what to do when no guest has written yet', async () => {
    serve([]);
    renderGuestbook(<MessagesTab id={ALBUM_ID} />);
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent(esGuestbook.host.emptyTitle);
    expect(screen.queryByRole('link', { name: esGuestbook.host.print })).not.toBeInTheDocument();
  });
});
