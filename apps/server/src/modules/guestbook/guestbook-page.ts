/**
 * The guestbook as one self-contained HTML page for the whole-album ZIP (`mensajes/`): it opens in
 * any browser without the service, prints one message per block without splitting it, and plays
 * each voice note from the file beside it. Spanish first with English, like the product.
 */

export interface GuestbookPageMessage {
  authorName: string;
  text: string;
  createdAt: Date;
  /** The voice note's file name in the same folder, if the message has one. */
  voiceFile: string | null;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Intl throws on an unknown zone; an album saved without one (or with a bad one) reads in UTC. */
function dateFormat(timeZone: string) {
  const options = { dateStyle: 'long', timeStyle: 'short' } as const;
  try {
    return new Intl.DateTimeFormat('es', { ...options, timeZone: timeZone || 'UTC' });
  } catch {
    return new Intl.DateTimeFormat('es', { ...options, timeZone: 'UTC' });
  }
}

const STYLE = `
  body { font-family: Georgia, 'Times New Roman', serif; color: #2b2326; margin: 0 auto; max-width: 44rem;
    padding: 2.5rem 1.5rem; line-height: 1.55; background: #fffdfb; }
  header { text-align: center; padding: 3rem 0 2.5rem; border-bottom: 1px solid #e8d9d4; margin-bottom: 2rem; }
  h1 { font-size: 2.2rem; font-weight: normal; margin: 0 0 .5rem; }
  header p { margin: .25rem 0; color: #6b5a5f; }
  article { break-inside: avoid; page-break-inside: avoid; padding: 1.25rem 0; border-bottom: 1px solid #f0e6e2; }
  article p.text { white-space: pre-wrap; font-size: 1.15rem; margin: 0 0 .75rem; }
  article footer { color: #6b5a5f; font-size: .95rem; }
  article footer strong { color: #2b2326; }
  audio { display: block; margin: .5rem 0; width: 100%; }
  .voice-only { font-style: italic; color: #6b5a5f; }
  @media print { body { background: none; padding: 0; } header { break-after: page; border: none; }
    audio { display: none; } a { color: inherit; text-decoration: none; } }
`;

/** The event's day as a long Spanish date; a value that is not YYYY-MM-DD is shown as saved. */
function eventDay(value: string): string {
  const day = new Date(`${value.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return value;
  return new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(day);
}

function messageBlock(message: GuestbookPageMessage, format: Intl.DateTimeFormat): string {
  const text = message.text
    ? `<p class="text">${escapeHtml(message.text)}</p>`
    : '<p class="text voice-only">Nota de voz · Voice note</p>';
  const voice = message.voiceFile
    ? `<audio controls preload="none" src="${encodeURI(message.voiceFile)}"></audio>` +
      `<a href="${encodeURI(message.voiceFile)}">${escapeHtml(message.voiceFile)}</a>`
    : '';
  const when = format.format(message.createdAt);
  return `<article>${text}${voice}<footer><strong>${escapeHtml(message.authorName)}</strong> · ${when}</footer></article>`;
}

export function guestbookPage(
  event: { eventName: string; eventDate: string | null; timeZone: string },
  messages: GuestbookPageMessage[],
): string {
  const format = dateFormat(event.timeZone);
  const title = escapeHtml(event.eventName);
  const count = `${messages.length} ${messages.length === 1 ? 'mensaje · message' : 'mensajes · messages'}`;
  const date = event.eventDate ? `<p>${escapeHtml(eventDay(event.eventDate))}</p>` : '';
  return [
    '<!doctype html>',
    '<html lang="es"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title} · Libro de firmas</title><style>${STYLE}</style></head><body>`,
    `<header><h1>${title}</h1><p>Libro de firmas · Guestbook</p>${date}<p>${count}</p></header>`,
    ...messages.map((message) => messageBlock(message, format)),
    '</body></html>',
    '',
  ].join('\n');
}
