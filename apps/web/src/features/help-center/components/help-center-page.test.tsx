import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageKeys } from '@/lib/storage';
import { esHelp, jsonResponse, renderWithProviders } from '@/test/render';
import { HelpCenterPage } from './help-center-page';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const TICKET_ID = '0b6f1c2a-4e5d-4c3b-9a8f-7e6d5c4b3a21';

function ticket(conversations: Array<{ author_role: 'customer' | 'agent'; message: string }>) {
  return {
    success: true,
    data: {
      id: TICKET_ID,
      subject: 's',
      description: 'd',
      category: 'general',
      status: 'open',
      metadata: { created_by: 'visitor' },
      user_id: null,
      customer_email: null,
      created_at: '2026-05-01T10:00:00.000Z',
      last_activity_at: '2026-05-01T10:00:00.000Z',
      conversations: conversations.map((c, i) => ({
        id: `0b6f1c2a-4e5d-4c3b-9a8f-7e6d5c4b3a2${i}`,
        user_id: null,
        message_type: 'message',
        created_at: '2026-05-01T10:00:00.000Z',
        ...c,
      })),
    },
  };
}

const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('HelpCenterPage', () => {
  it('shows the empty state, and creates a ticket from the first message with the cut subject', async () => {
    const text = 'Hola, compré el plan premium pero no encuentro dónde personalizar la portada del álbum';
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? jsonResponse({ success: true, data: { id: TICKET_ID, secret: 's3cret' } }, 201)
        : jsonResponse(ticket([{ author_role: 'customer', message: text }])),
    );
    const user = userEvent.setup();
    renderWithProviders(<HelpCenterPage />, { path: '/help-center' });
    expect(screen.getByText(esHelp.chat.emptyTitle)).toBeInTheDocument();

    await user.type(screen.getByTestId('chat-input'), `   ${text}  {Enter}`);
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(1));

    const body = JSON.parse(String(calls('POST')[0]![1]!.body));
    expect(body).toMatchObject({ subject: `${text.slice(0, 60)}...`, description: text, category: 'general' });
    expect(body.metadata.source).toBe('help-center');
    expect(JSON.parse(localStorage.getItem(StorageKeys.helpCenterTicket)!)).toEqual({
      id: TICKET_ID,
      secret: 's3cret',
    });
    // The ticket is read with the secret.
    const [, getInit] = calls('GET')[0]!;
    expect(new Headers(getInit!.headers).get('x-ticket-secret')).toBe('s3cret');
    expect(screen.getByTestId('chat-input')).toHaveValue('');
  });

  it('ignores whitespace-only text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HelpCenterPage />, { path: '/help-center' });
    await user.type(screen.getByTestId('chat-input'), '    {Enter}');
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the stored conversation: the customer’s messages right as “you”, agents’ left as “agent”, markup as text', async () => {
    localStorage.setItem(StorageKeys.helpCenterTicket, JSON.stringify({ id: TICKET_ID, secret: 's3cret' }));
    fetchMock.mockResolvedValue(
      jsonResponse(
        ticket([
          { author_role: 'customer', message: '<b>hola</b>' },
          { author_role: 'agent', message: 'Te ayudo' },
        ]),
      ),
    );
    renderWithProviders(<HelpCenterPage />, { path: '/help-center' });
    const messages = await screen.findAllByTestId('chat-message');
    expect(messages.map((m) => m.dataset.side)).toEqual(['right', 'left']);
    expect(within(messages[0]!).getByTestId('chat-message-label')).toHaveTextContent(esHelp.chat.you);
    expect(within(messages[1]!).getByTestId('chat-message-label')).toHaveTextContent(esHelp.chat.agent);
    expect(messages[0]).toHaveTextContent('<b>hola</b>');
    expect(messages[0]!.querySelector('b')).toBeNull();
  });

  it('adds later messages to the stored ticket', async () => {
    localStorage.setItem(StorageKeys.helpCenterTicket, JSON.stringify({ id: TICKET_ID, secret: 's3cret' }));
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? jsonResponse({ success: true, data: {} }, 201)
        : jsonResponse(ticket([{ author_role: 'customer', message: 'uno' }])),
    );
    const user = userEvent.setup();
    renderWithProviders(<HelpCenterPage />, { path: '/help-center' });
    await screen.findAllByTestId('chat-message');
    await user.type(screen.getByTestId('chat-input'), ' dos ');
    await user.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    const [url, init] = calls('POST')[0]!;
    expect(String(url)).toBe(`/api/tickets/${TICKET_ID}/conversations`);
    expect(JSON.parse(String(init!.body))).toEqual({ message: 'dos', message_type: 'message' });
  });

  it('forgets a ticket the server no longer opens and starts afresh', async () => {
    localStorage.setItem(StorageKeys.helpCenterTicket, JSON.stringify({ id: TICKET_ID, secret: 'old' }));
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Ticket not found', code: 'TICKET_NOT_FOUND' }, 404),
    );
    renderWithProviders(<HelpCenterPage />, { path: '/help-center' });
    await screen.findByTestId('chat-empty');
    expect(localStorage.getItem(StorageKeys.helpCenterTicket)).toBeNull();
  });
});
