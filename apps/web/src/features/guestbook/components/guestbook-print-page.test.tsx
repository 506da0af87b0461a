import type { EventMessages } from '@momentos/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ALBUM_ID, esGuestbook, MESSAGE_IDS, renderGuestbook } from '../test-support';
import { GuestbookPrintPage } from './guestbook-print-page';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const approved: EventMessages = {
  items: [
    {
      id: MESSAGE_IDS[0],
      authorName: 'Ana y Luis',
      text: '¡Que vivan los novios!\nCon cariño.',
      createdAt: '2027-06-12T21:00:00.000Z',
      voiceUrl: '/voz-1?owner=1',
      voiceType: 'audio/mp4',
      voiceDurationMs: 9000,
      status: 'approved',
    },
    {
      id: MESSAGE_IDS[1],
      authorName: 'Abuela Rosa',
      text: '',
      createdAt: '2027-06-12T22:00:00.000Z',
      voiceUrl: '/voz-2?owner=1',
      voiceType: 'audio/mp4',
      voiceDurationMs: 30000,
      status: 'approved',
    },
  ],
  totalCount: 2,
  counts: { approved: 2, pending: 1, hidden: 1 },
  limit: 100,
};

function serve() {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith(`/api/events/details/${ALBUM_ID}`))
      return jsonResponse({
        success: true,
        data: { evento: { nombre: 'Boda de Ana y Luis', fechaDeEvento: '2027-06-12', fontFamily: 'Georgia' } },
      });
    if (url.startsWith(`/api/events/${ALBUM_ID}/messages`)) return jsonResponse({ success: true, data: approved });
    return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'x' }, 404);
  });
}

describe('the printable guestbook', () => {
  it('opens with a title page, then every approved message signed, oldest first, voice-only ones as a voice note', async () => {
    serve();
    renderGuestbook(<GuestbookPrintPage />, {
      path: `/album-detail/${ALBUM_ID}/guestbook`,
      routePath: '/album-detail/:id/guestbook',
    });
    const book = await screen.findByTestId('guestbook-book');
    const title = within(book).getByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Boda de Ana y Luis');
    expect(book).toHaveTextContent('12 de junio de 2027');
    expect(book).toHaveTextContent('2 mensajes de sus invitados');

    const printed = within(book).getAllByTestId('printed-message');
    expect(printed).toHaveLength(2);
    // The API answers newest first; the book reads oldest first.
    expect(printed[0]).toHaveTextContent(esGuestbook.print.voiceNote);
    expect(printed[0]).toHaveTextContent('— Abuela Rosa');
    expect(printed[1]).toHaveTextContent('¡Que vivan los novios!');
    expect(printed[1]).toHaveTextContent('— Ana y Luis');
    expect(printed[1]).toHaveTextContent(esGuestbook.print.withVoiceNote);

    const messagesUrl = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/messages'));
    expect(new URL(messagesUrl!, 'http://x').searchParams.get('state')).toBe('approved');
  });

  it('keeps each message whole on a page and prints from its button, which stays off the paper', async () => {
    serve();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderGuestbook(<GuestbookPrintPage />, {
      path: `/album-detail/${ALBUM_ID}/guestbook`,
      routePath: '/album-detail/:id/guestbook',
    });
    const button = await screen.findByRole('button', { name: esGuestbook.print.print });
    await userEvent.click(button);
    expect(print).toHaveBeenCalledOnce();
    expect(button.closest('.print\\:hidden')).not.toBeNull();
    const css = document.querySelector('style')?.textContent ?? '';
    expect(css).toContain('[data-print-message] { break-inside: avoid;');
    expect(css).toContain('[data-print-title] { height: 240mm; break-after: page;');
  });
});
