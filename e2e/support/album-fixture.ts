import sharp from 'sharp';
import { recordSecret, recordSecretsIn } from './test-run.js';

/**
 * Albums for browser journeys, made over HTTP the way a host makes one: register, buy a plan
 * through the sandbox's card form, fill the required fields, complete. Guests join and upload
 * through the same public API the guest page uses.
 */
export type Tier = 'basic' | 'plus' | 'premium' | 'elite';

export interface HostSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string; email: string };
}

export interface E2eAlbum {
  baseUrl: string;
  host: { email: string; password: string; session: HostSession };
  orderId: string;
  customizationId: string;
  albumId: string;
  accessCode: string;
}

/** A JSON call to the product's API; tokens in the answer are recorded for the run's log check. */
export async function apiCall<T>(
  baseUrl: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!res.ok) throw new Error(`${options.method ?? ''} ${path} → ${res.status} ${await res.text()}`);
  const json: unknown = await res.json();
  // Session and guest tokens in the answer are secrets the run's log check looks for.
  recordSecretsIn(json);
  return json as T;
}

/** A new host with a paid Lifetime order of the tier, paid with the sandbox's test card. */
export async function paidOrder(baseUrl: string, tier: Tier = 'premium') {
  const email = `${tier}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'fiesta-2026';
  recordSecret(password, 'password');
  const { session } = (
    await apiCall<{ data: { session: HostSession } }>(baseUrl, '/api/auth/register', { body: { email, password } })
  ).data;
  const token = session.access_token;
  const plans = (
    await apiCall<{ data: { priceId: string; metadata: { tier: string | null } }[] }>(
      baseUrl,
      '/api/stripe/products?type=one_time',
    )
  ).data;
  const plan = plans.find((product) => product.metadata.tier === tier);
  if (!plan) throw new Error(`no one-time plan for ${tier}`);
  const customer = (
    await apiCall<{ data: { id: string } }>(baseUrl, '/api/stripe/customers', { body: { email }, token })
  ).data;
  const body = {
    priceId: [plan.priceId],
    customerId: customer.id,
    successUrl: `${baseUrl}/album/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${baseUrl}/checkout/step/3`,
  };
  const { sessionId, orderId } = (
    await apiCall<{ data: { sessionId: string; orderId: string } }>(baseUrl, '/api/stripe/create-checkout-session', {
      body,
      token,
    })
  ).data;
  recordSecret('4242424242424242', 'card number');
  const paid = await fetch(`${baseUrl}/sandbox/checkout/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
  });
  if (paid.status !== 303) throw new Error(`sandbox payment → ${paid.status}`);
  await apiCall(baseUrl, `/api/stripe/verify-session/${encodeURIComponent(sessionId)}`, { token });
  return { host: { email, password, session }, orderId };
}

/**
 * A finished album of the tier. `fields` are extra customization fields (snake_case) saved
 * before completing, e.g. `{ enable_verification: true }` on premium.
 */
export async function finishedAlbum(
  baseUrl: string,
  tier: Tier = 'premium',
  fields: Record<string, unknown> = {},
): Promise<E2eAlbum> {
  const { host, orderId } = await paidOrder(baseUrl, tier);
  const token = host.session.access_token;
  const started = await apiCall<{ data: { id: string } }>(baseUrl, '/api/customizations/start', {
    body: { orderId },
    token,
  });
  const customizationId = started.data.id;
  await apiCall(baseUrl, `/api/customizations/${customizationId}`, {
    method: 'PATCH',
    token,
    body: {
      event_name: 'Boda de Ana y Luis',
      event_date: '2027-06-12',
      event_location: 'Hacienda San Gabriel, Oaxaca',
      ...fields,
    },
  });
  const completed = await apiCall<{ data: { albumId: string; accessCode: string } }>(
    baseUrl,
    `/api/customizations/${customizationId}/complete`,
    { method: 'POST', token },
  );
  return {
    baseUrl,
    host,
    orderId,
    customizationId,
    albumId: completed.data.albumId,
    accessCode: completed.data.accessCode,
  };
}

/** Joins the album as a guest and returns the guest token. */
export async function joinAsGuest(album: E2eAlbum, name = 'Tía Carmen'): Promise<string> {
  const joined = await apiCall<{ data: { guestToken: string } }>(album.baseUrl, `/api/albums/${album.albumId}/guests`, {
    body: { name, accessCode: album.accessCode },
  });
  return joined.data.guestToken;
}

/** A distinct JPEG per seed (colour and a diagonal band change, so the content hash differs). */
export async function sampleJpeg(seed: number, width = 1200, height = 800): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},55%,62%)"/>
    <circle cx="${(seed * 131) % width}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="hsl(${(hue + 40) % 360},60%,78%)"/>
    <text x="50%" y="55%" font-size="${Math.round(height / 6)}" text-anchor="middle" fill="white" font-family="sans-serif">${seed}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Uploads a photo as the guest; returns the photo id and its status (approved or pending). */
export async function uploadAsGuest(
  album: E2eAlbum,
  guestToken: string,
  bytes: Buffer,
  fileName = 'foto.jpg',
  uploaderName = 'Tía Carmen',
) {
  const form = new FormData();
  form.append('uploaderName', uploaderName);
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), fileName);
  const res = await fetch(`${album.baseUrl}/api/albums/${album.albumId}/photos`, {
    method: 'POST',
    body: form,
    headers: { 'x-guest-token': guestToken },
  });
  if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string; status: 'approved' | 'pending' } }).data;
}

/** Signs the host in in a browser context: the session the web app keeps in local storage. */
export function hostSessionInitScript(album: E2eAlbum, language: 'es' | 'en') {
  return {
    script: ([raw, lang]: string[]) => {
      // Runs in the page; typed without the DOM library, which the server's typecheck lacks.
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } })
        .localStorage;
      storage.setItem('momentos.session', raw!);
      storage.setItem('momentos.language', lang!);
    },
    arg: [JSON.stringify(album.host.session), language],
  };
}

/** The album's photos as a guest holding the code reads them (up to 100). */
export async function listedPhotos(album: E2eAlbum) {
  const res = await fetch(`${album.baseUrl}/api/albums/${album.albumId}/photos?pageSize=100`, {
    headers: { 'x-album-code': album.accessCode },
  });
  if (!res.ok) throw new Error(`photos → ${res.status} ${await res.text()}`);
  return (
    (await res.json()) as {
      data: { items: { originalName: string; uploadedByName: string; status: string }[]; totalCount: number };
    }
  ).data;
}
