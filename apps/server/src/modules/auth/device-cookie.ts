import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateToken } from '../../platform/auth/tokens.js';

const DEVICE_COOKIE = 'momentos_device';
/** As long as browsers keep a cookie (400 days); each sign-in renews it. */
const MAX_AGE_SECONDS = 400 * 86_400;
const DEVICE_ID = /^[\w-]{32,64}$/;

/**
 * The browser's device id for sign-in (sign-in-throttle.ts): an opaque random value in an HttpOnly
 * cookie scoped to /api/auth, so no script reads it and no other request carries it. A browser
 * without one gets a fresh id, which becomes known only once a right password comes from it.
 */
export function deviceIdOf(request: FastifyRequest): string {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && DEVICE_ID.test(value)) return value;
  }
  return generateToken();
}

/** Keeps the device id in the browser after a successful sign-in or sign-up. */
export function keepDeviceId(reply: FastifyReply, deviceId: string, publicUrl: string) {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${deviceId}; Path=/api/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}
