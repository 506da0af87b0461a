import { VISITOR_EMAIL_MARKER } from '@momentos/contract';
import { CANCEL_URL, SUCCESS_URL } from '../factories.js';
import type { TestServer } from '../test-server.js';
import type { OwnerFixture } from './security-fixtures.js';

export interface Answer {
  status: number;
  message: string;
  code: string;
}
export type Send = (method: string, path: string, body?: string | Buffer, contentType?: string) => Promise<Answer>;

/** Sends as the owner (host session, guest token and album code at once); an event stream is not waited for. */
export function sendAsOwner(server: TestServer, owner: OwnerFixture): Send {
  const credentials = {
    authorization: `Bearer ${owner.host.token}`,
    'x-guest-token': owner.guestToken,
    'x-album-code': owner.accessCode,
  };
  return async (method, path, body, contentType = 'application/json') => {
    const response = await fetch(server.url + path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': contentType } : {}), ...credentials },
      body: body === undefined ? undefined : new Uint8Array(Buffer.from(body)),
    });
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, message: '', code: '' };
    }
    const text = await response.text();
    let json: { message?: string; code?: string } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // Not JSON (a page, a file): the start of the text stands for the message.
    }
    return { status: response.status, message: json.message ?? text.slice(0, 120), code: json.code ?? '' };
  };
}

/**
 * A valid body for every route that reads one, as its owner would send it: the fuzzing test spoils
 * one value at a time, so a refusal comes from that value alone. A route missing here fails the test.
 */
export function validBodies(owner: OwnerFixture): Record<string, Record<string, unknown>> {
  const entry = {
    icono: 'Church',
    hora: '17:00',
    titulo: 'Ceremonia',
    descripcion: 'En la capilla',
    ubicacion: 'Oaxaca',
  };
  const timestamp = new Date().toISOString();
  const event = {
    session_id: 'fuzz-session',
    event_type: 'page_view',
    event_data: { page: '/', note: 'hola' },
    timestamp,
  };
  return {
    'POST /api/auth/register': {
      email: `fuzz-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse-9',
      language: 'en',
    },
    'PATCH /api/auth/me': { language: 'es' },
    'POST /api/auth/login': { email: owner.host.email, password: owner.host.password, session_id: 's' },
    'POST /api/auth/refresh': { refresh_token: owner.host.session.refresh_token as string },
    'POST /api/auth/verify-email': { token: 'not-a-real-token' },
    'POST /api/auth/forgot-password': { email: owner.host.email },
    'POST /api/auth/reset-password': { token: 'not-a-real-token', password: 'correct-horse-9' },
    'POST /api/stripe/customers': { email: owner.host.email },
    'POST /api/stripe/create-checkout-session': {
      priceId: ['price_basic_lifetime'],
      customerId: owner.host.customerId,
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
    },
    'POST /api/customizations/start': { orderId: owner.host.orderId },
    'PATCH /api/customizations/:id': {
      event_name: 'Boda de Ana y Luis',
      event_date: '2027-06-12',
      event_location: 'Oaxaca',
      event_description: 'Bienvenidos',
      music_url: 'https://example.com/cancion',
      cover_image_url: 'https://example.com/portada.jpg',
      font_type: 'Georgia',
      font_height: '24',
      enable_notices: 'true',
    },
    'POST /api/customizations/:id/itinerary': entry,
    'PUT /api/customizations/:id/itinerary/:entryId': entry,
    'PUT /api/customizations/:id/itinerary/order': { ids: [owner.entryId] },
    'POST /api/tickets': {
      subject: 'ayuda',
      description: 'No puedo subir fotos',
      category: 'general',
      metadata: { source: 'web', browser: 'Firefox', page_url: '/help-center' },
    },
    'POST /api/tickets/:ticketId/conversations': { message: 'hola', message_type: 'message' },
    'PATCH /api/tickets/:ticketId': { status: 'open' },
    'POST /api/tracking/track': event,
    'POST /api/tracking/batch': { events: [event] },
    'POST /api/initial-form': {
      email: VISITOR_EMAIL_MARKER,
      session_id: 's',
      ip: '189.203.0.1',
      country: 'Mexico',
      country_code: 'MX',
      city: 'Oaxaca',
    },
    'POST /api/albums/:albumId/guests': { name: 'Prima Lola', accessCode: owner.accessCode },
    'POST /api/albums/:albumId/photos/:photoId/comments': { text: 'qué bonita' },
    'POST /api/photos/:photoId/comments': { text: 'qué bonita' },
    'POST /api/events/:id/photos/:photoId/moderation': { action: 'unhide' },
    // Approve, not delete: a body with extra members still goes through, and later checks need the photo.
    'POST /api/events/:id/photos/batch': { action: 'approve', photoIds: [owner.photoId] },
    'POST /api/events/:id/selection-link': { photoIds: [owner.photoId] },
    'POST /api/albums/:albumId/messages': { text: 'Felicidades', authorName: 'Prima Lola' },
    'PATCH /api/events/:id/messages/:messageId': { hidden: false },
    'POST /api/events/:id/sections': { name: 'Fiesta' },
    'PATCH /api/events/:id/sections/:sectionId': { name: 'Ceremonia civil', position: 0 },
    'POST /api/events/:id/addons/checkout': { addon: 'album_download', successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL },
  };
}

type Path = (string | number)[];

/** The path of every string inside `value` (object keys and array indexes). */
export function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    stringPaths(item, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** A deep copy of `value` with the value at `path` replaced (or changed by `replace`). */
export function withValueAt(value: unknown, path: Path, replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    Path[number],
    unknown
  >;
  copy[head!] = withValueAt(copy[head!], rest, replace);
  return copy;
}

/** Depth 10,000 JSON of both kinds, as text (JSON.stringify would need the stack to build it). */
export const DEEP_ARRAY = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
export const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** A valid body's JSON with `extra` (raw JSON members) added at its start. */
export function withMembers(body: object, extra: string) {
  const rest = JSON.stringify(body).slice(1);
  return rest === '}' ? `{${extra}}` : `{${extra},${rest}`;
}

/** Query values no client should send: absurd numbers, empty, text where numbers go, bad escapes, a huge value. */
export const ABSURD_QUERY_VALUES = [
  ...[
    '1e308',
    '-1',
    '0',
    '9007199254740991',
    '9007199254740993',
    'NaN',
    'Infinity',
    '',
    '1.5',
    'abc',
    '%E0%A4%A',
    '%00',
  ],
  'x'.repeat(5_000),
];

/** Multipart bodies a parser may choke on, each with its Content-Type; `field` is the route's file field. */
export function malformedMultipart(field: string): Record<string, { contentType: string; body: Buffer }> {
  const boundary = 'FuzzBoundary';
  const typed = `multipart/form-data; boundary=${boundary}`;
  const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
  const disposition = (name: string) => `Content-Disposition: form-data; name="${field}"; filename="${name}"`;
  const filePart = (name: string) => part(`${disposition(name)}\r\nContent-Type: image/jpeg`, 'xxxx');
  const bodies: Record<string, [string, string]> = {
    'no boundary': ['multipart/form-data', `${filePart('a.jpg')}--${boundary}--\r\n`],
    'another boundary': ['multipart/form-data; boundary=Other', `${filePart('a.jpg')}--${boundary}--\r\n`],
    'empty boundary': ['multipart/form-data; boundary=', `${filePart('a.jpg')}--${boundary}--\r\n`],
    'unterminated part': [typed, `--${boundary}\r\n${disposition('a.jpg')}\r\n\r\nxxxx`],
    'unterminated headers': [typed, `--${boundary}\r\nContent-Disposition: form-data; name="${field}"`],
    'garbage bytes': [typed, '\u0000\u0001\u00ff\u00fe\r\n--\r\n\u0007'],
    'empty body': [typed, ''],
    'only the closing delimiter': [typed, `--${boundary}--\r\n`],
    'a part without a disposition': [typed, `${part('Content-Type: image/jpeg', 'xxxx')}--${boundary}--\r\n`],
    'a header line of 100 KB': [typed, `${part(`X-Long: ${'a'.repeat(100_000)}`, 'xxxx')}--${boundary}--\r\n`],
    'a __proto__ field': [
      typed,
      `${part('Content-Disposition: form-data; name="__proto__"', '{"polluted":1}')}--${boundary}--\r\n`,
    ],
  };
  return Object.fromEntries(
    Object.entries(bodies).map(([name, [contentType, body]]) => [
      name,
      { contentType, body: Buffer.from(body, 'latin1') },
    ]),
  );
}

/** One file in `field` with `filename` written into its part header as is (a bare line break stays one). */
export function multipartWithFileName(field: string, filename: string, bytes: Buffer) {
  const boundary = 'FuzzBoundary';
  const disposition = `Content-Disposition: form-data; name="${field}"; filename="${filename}"`;
  const head = `--${boundary}\r\n${disposition}\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}
