import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The server package's folder, for files read from disk (migrations, the built web app). This file
 * sits directly in src/, and the build writes the entry points and their chunks directly in dist/,
 * so one level up is the package both when tsx runs the sources and when node runs the compiled files.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');

/** An address or CIDR as Fastify's `trustProxy` (proxy-addr) takes it: `10.0.0.0/8`, `::1`, `127.0.0.1`. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * `false`/`0`, a hop count (`1`, `2`), a list of proxy addresses or CIDRs, or `true` (every hop:
 * the left-most address, which the client writes; only where nothing but the proxy reaches the server).
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((value, context): boolean | number | string[] => {
    if (['false', 'no', '0', ''].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return true;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'expected false, a hop count such as 1, or proxy addresses/CIDRs such as 10.0.0.0/8,127.0.0.1',
    });
    return z.NEVER;
  });

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where the embedded database and local media live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL URL switches the embedded PGlite database off. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** The site's public origin, used in e-mailed links and redirect checks. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which hops of X-Forwarded-For to believe: `false` (none), a hop count (`1` for one proxy), or the
   * proxies' addresses and CIDRs; the client is the first untrusted address from the right.
   */
  TRUST_PROXY: ZTrustProxy.default(false),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(1_048_576),
  /** An smtp:// or smtps:// URL switches the e-mail outbox to real delivery. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Momentos <no-reply@momentos.local>'),
  /** With SMTP_URL: how often each server looks for outbox e-mail due (new, or a retry); 0 turns it off. */
  MAIL_OUTBOX_SWEEP_MS: z.coerce.number().int().min(0).default(15_000),
  /** The wait before a failed e-mail's first retry; each later one waits twice as long, up to an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** An e-mail still failing this long after it was written is given up (its outbox row says so). */
  MAIL_RETRY_FOR_HOURS: z.coerce.number().min(0.001).max(720).default(24),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Sign-in and sign-up attempts allowed per client address in each window. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Length of the sign-in and sign-up rate-limit windows; an account's wrong passwords are forgotten this long after the last. */
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Wrong passwords for one account from one client address in each window; then that address is refused for that account. */
  AUTH_WRONG_PASSWORDS_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(10),
  /** Wrong passwords for one account from devices it never signed in from, all addresses together, per window; past it only known devices may try. */
  AUTH_WRONG_PASSWORDS_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /** Wrong passwords for one account from one address before each further attempt from there must wait. */
  AUTH_WRONG_PASSWORDS_BEFORE_DELAY: z.coerce.number().int().min(1).default(5),
  /** The first wait after those; each further wrong password doubles it, up to AUTH_SIGN_IN_DELAY_MAX_MS. */
  AUTH_SIGN_IN_DELAY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  /** The longest wait: the most a stranger's wrong passwords can keep the owner out. */
  AUTH_SIGN_IN_DELAY_MAX_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  /** A Stripe secret key switches payments from the built-in sandbox to Stripe. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API host, for tests against a Stripe-shaped server. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Checkout sessions a user may start per hour. */
  CHECKOUT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Help-center posts (new tickets and messages) allowed per user, or per client address for visitors, in each window. */
  HELP_RATE_LIMIT_PER_WINDOW: z.coerce.number().int().min(1).default(20),
  HELP_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How long an agent's reply may stay unseen by a signed-in customer before it is e-mailed. */
  HELP_REPLY_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).default(600),
  /** How often each server looks for replies whose e-mail is due; 0 turns the sweep off. */
  HELP_REPLY_SWEEP_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Tracking requests (single events, batches, the initial form) per client address in each window:
   * sized for a venue's hundreds of phones behind one address; each browser has its own, lower limit.
   */
  TRACKING_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(3000),
  /** Tracking requests per browser session (the events' session_id) in each window. */
  TRACKING_RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(300),
  TRACKING_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Wrong album codes a client address (IPv6: its /64) may try each minute, on every route that takes a code. */
  ALBUM_CODE_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Wrong album codes a client address may try each day. */
  ALBUM_CODE_RATE_LIMIT_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(30),
  /** Wrong album codes a client address may try in 30 days: what keeps one address from walking the codes. */
  ALBUM_CODE_RATE_LIMIT_PER_IP_PER_MONTH: z.coerce.number().int().min(1).default(60),
  /** Wrong album codes from one network block (IPv4 /24, IPv6 /48) together, each day and in 30 days. */
  ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_DAY: z.coerce.number().int().min(1).default(60),
  ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_MONTH: z.coerce.number().int().min(1).default(120),
  /** Installation-wide wrong codes in one minute, or one day, past which it is under attack for the rest of that day. */
  ALBUM_CODE_ATTACK_WRONG_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  ALBUM_CODE_ATTACK_WRONG_PER_DAY: z.coerce.number().int().min(1).default(2000),
  /** Under attack, the day budgets of an address (and its block) that has opened no album in 30 days. */
  ALBUM_CODE_UNDER_ATTACK_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(3),
  ALBUM_CODE_UNDER_ATTACK_PER_BLOCK_PER_DAY: z.coerce.number().int().min(1).default(6),
  /** Longest a server keeps a guest read (album, pass, photo page) in memory; changes invalidate it at once, 0 turns the cache off. */
  ALBUM_READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /** Key that signs rendition URLs; set the same value on every server. Unset: a random key per process. */
  MEDIA_URL_SECRET: z.string().min(32).optional(),
  /** Photos processed (decoded and resized) at once; the rest queue, bounding memory. */
  MEDIA_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(Math.min(4, os.availableParallelism())),
  /** S3-compatible object storage for media; unset keeps media on the local disk under DATA_DIR/media. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** For S3-compatible services (MinIO, R2, Spaces…); unset means AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Unset: the AWS SDK's usual chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Create the home page's example album (sample photos drawn by the server) at start: 'on' or 'off'. */
  EXAMPLE_ALBUM: z.enum(['on', 'off']).default('on'),
  /**
   * The ffmpeg program that grabs a video's poster frame and makes its playback copy (a name is looked up on PATH);
   * without it videos are still stored, with a neutral poster and no playback copy.
   */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /** The ffprobe that checks an uploaded video holds one (unset: beside FFMPEG_PATH); without it the container's structure is checked. */
  FFPROBE_PATH: z.string().min(1).optional(),
  /**
   * Background jobs (videos' playback copies) this server runs at once; 0 runs none, for web servers
   * whose videos a separate `npm run worker` process handles (docs/operations.md).
   */
  MEDIA_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** A job whose worker has not been heard from for this long is taken over by another (a killed server's). */
  MEDIA_JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** How often an idle worker looks for jobs it was not woken for (retries that fell due, lapsed leases). */
  MEDIA_JOB_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** The wait before a failed job's first retry; each later one waits four times longer. */
  MEDIA_JOB_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** "Find me": the face engine's thread (about 270 MB with its models) ends after this long with nothing to do. */
  FACE_ENGINE_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** "Find me": the face models' folder (blazeface, facemesh, faceres); unset: the one @vladmandic/human ships. */
  FACE_MODELS_DIR: z.string().min(1).optional(),
  /** "Find me": selfie searches one guest pass may make per hour (each costs about half a second of CPU). */
  FACE_SEARCHES_PER_GUEST_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** ffmpeg making one playback copy is stopped after this long. */
  VIDEO_TRANSCODE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** ffmpeg's address space while it makes a copy (Linux, through util-linux's prlimit). */
  VIDEO_TRANSCODE_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(3072),
  /** How long an unfinished resumable (tus) upload may wait for its next bytes before it is removed. */
  RESUMABLE_UPLOAD_TTL_HOURS: z.coerce.number().min(0.01).max(168).default(24),
  /**
   * How often each server removes expired resumable uploads, and what interrupted uploads left (photo folders with no
   * row, temporary files) once over an hour old; 0 turns it off (the start-up sweep still runs).
   */
  MEDIA_SWEEP_MS: z.coerce.number().int().min(0).default(600_000),
  /** How often each server looks for albums whose hourly new-uploads digest to the host is due; 0 turns it off. */
  NOTICES_DIGEST_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  /** The built single-page app; empty disables serving it (API only). */
  WEB_DIST_DIR: z.string().default(path.resolve(serverRoot, '../web/dist')),
});

export type Config = z.infer<typeof ZConfig> & { publicUrl: string; dataDir: string };

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ZConfig.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const config = result.data;
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
