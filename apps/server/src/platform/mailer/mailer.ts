import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { outboxEmails } from '../../db/schema/index.js';
import { schedulePeriodicTask } from '../scheduling/periodic-task.js';
import { createOutboxQueue, type ClaimedEmail } from './outbox.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SendOptions {
  /** Queue the message in the caller's transaction: it exists only if the caller's writes commit. */
  tx?: Database;
  /** Whose hooks (`onOutcome`) hear when the message is sent or given up. */
  topic?: string;
  /** The outbox row's id, when the caller's rows name the message before it is written. */
  id?: string;
}

/** What a topic records when its message is sent (or kept, without SMTP) or given up, in that transaction. */
export interface OutcomeHooks {
  sent(tx: Database, emailId: string, at: Date): Promise<void>;
  gaveUp(tx: Database, emailId: string): Promise<void>;
}

export interface Mailer {
  /**
   * Queues the message in the outbox and answers its id; with SMTP a delivery starts at once and is
   * retried until it goes or gives up. Undefined: not queued, the address is at the reserved
   * `.invalid` domain no mail can reach (the example album's owner).
   */
  send(message: EmailMessage, options?: SendOptions): Promise<string | undefined>;
  onOutcome(topic: string, hooks: OutcomeHooks): void;
  /** Delivers every message due now, one after another; answers how many went. */
  deliverDue(): Promise<number>;
  /** Starts a delivery run soon (after the caller's transaction committed), or after the one in flight. */
  wake(): void;
  /** Waits for the delivery in flight and starts no other (the server is closing). */
  close(): Promise<void>;
}

interface MailerOptions {
  db: Database;
  logger: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  /** The wait before the first retry; each later one doubles, up to an hour. */
  retryBaseMs?: number;
  /** A message still failing this long after it was queued is given up. */
  retryForMs?: number;
}

/** Longer than every SMTP timeout below together: a sender still alive never loses its lease. */
const LEASE_MS = 10 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** 30 s, 1 min, 2 min… up to an hour: the first retry comes within a minute, then the waits grow. */
export const mailRetryDelayMs = (attempt: number, baseMs: number) => Math.min(baseMs * 2 ** (attempt - 1), 3_600_000);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
/** An SMTP 5xx answer (no such mailbox, refused): the same message will not go later either. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};
/** RFC 6761: `.invalid` names never resolve, so mail to them can never be delivered. */
const undeliverable = (address: string) => /\.invalid\s*>?\s*$/i.test(address);

/**
 * Every message is written to the outbox table first. Without SMTP it stays there (`kept`): the
 * operator reads it. With SMTP it is `pending` until a server delivers it (outbox.ts claims under a
 * lease), retried with growing waits for `retryForMs`. The log names the recipient and subject
 * only, never the body, because bodies carry single-use links.
 */
export function createMailer({
  db,
  logger,
  smtpUrl,
  from,
  retryBaseMs = 30_000,
  retryForMs = 86_400_000,
}: MailerOptions): Mailer {
  // nodemailer is loaded only with SMTP configured: an outbox-only server never needs it.
  const transport = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
      )
    : undefined;
  const queue = createOutboxQueue(db, { leaseMs: LEASE_MS });
  const hooks = new Map<string, OutcomeHooks>();
  const hooksOf = (topic: string | null): OutcomeHooks | undefined => (topic ? hooks.get(topic) : undefined);
  let running: Promise<number> | undefined;
  let again = false;
  let closed = false;

  async function deliver(email: ClaimedEmail): Promise<boolean> {
    try {
      await (
        await transport!
      ).sendMail({
        from,
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody ?? undefined,
        // The same id on every attempt: a repeat after a crash mid-send is recognisably the same mail.
        messageId: `<${email.id}@momentos.outbox>`,
      });
    } catch (error) {
      const giveUp = isPermanent(error) || Date.now() - email.createdAt.getTime() >= retryForMs;
      logger.warn({ emailId: email.id, err: error, attempt: email.attempts, giveUp }, 'email delivery failed');
      if (giveUp) {
        const reason = `gave up after ${email.attempts} attempts: ${errorText(error)}`;
        await queue.giveUp(email, reason, (tx) => hooksOf(email.topic)?.gaveUp(tx, email.id) ?? Promise.resolve());
      } else await queue.retryLater(email, mailRetryDelayMs(email.attempts, retryBaseMs), errorText(error));
      return false;
    }
    const held = await queue.sent(email, (tx, at) => hooksOf(email.topic)?.sent(tx, email.id, at) ?? Promise.resolve());
    if (held) logger.info({ emailId: email.id, to: email.toAddress, subject: email.subject }, 'email sent');
    return true;
  }

  async function drain(): Promise<number> {
    let sent = 0;
    for (let email = await queue.claim(); email; email = closed ? undefined : await queue.claim()) {
      if (await deliver(email)) sent++;
    }
    return sent;
  }

  function deliverDue(): Promise<number> {
    if (!transport || closed) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        wake();
      }
    });
    return running;
  }

  function wake() {
    deliverDue().catch((error: unknown) => logger.error({ err: error }, 'email delivery run failed'));
  }

  async function queueMessage(tx: Database, message: EmailMessage, { topic, id }: SendOptions) {
    const [row] = await tx
      .insert(outboxEmails)
      .values({
        id,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        transport: transport ? 'smtp' : 'outbox',
        state: transport ? 'pending' : 'kept',
        topic,
      })
      .returning({ id: outboxEmails.id });
    // Kept is as far as an outbox-only message goes: its topic counts it delivered.
    if (!transport && topic) await hooks.get(topic)?.sent(tx, row!.id, new Date());
    return row!.id;
  }

  return {
    async send(message, options = {}) {
      const { tx } = options;
      if (undeliverable(message.to)) {
        logger.info({ to: message.to, subject: message.subject }, 'email not queued: undeliverable address');
        return undefined;
      }
      const id = tx
        ? await queueMessage(tx, message, options)
        : await db.transaction((own) => queueMessage(own as Database, message, options));
      logger.info({ emailId: id, to: message.to, subject: message.subject }, 'email queued');
      // In the caller's transaction the row is not visible yet: the caller wakes after its commit.
      if (!tx) wake();
      return id;
    },
    onOutcome(topic, outcome) {
      hooks.set(topic, outcome);
    },
    deliverDue,
    wake,
    async close() {
      closed = true;
      await running?.catch(() => undefined);
    },
  };
}

/**
 * Delivers the outbox on this server: at start (what waited through a restart), at once after each
 * message, and every `everyMs` for retries and messages whose sender died (0: no sweep). Several
 * servers may do it side by side: each message is claimed by one. Closing waits for the send in flight;
 * what a closing server leaves pending is delivered by the next start or another server.
 */
export function startOutboxDelivery(app: Pick<FastifyInstance, 'addHook' | 'log'>, mailer: Mailer, everyMs: number) {
  schedulePeriodicTask(app, {
    name: 'outbox e-mail delivery',
    everyMs,
    runAtStart: true,
    task: () => mailer.deliverDue(),
  });
  // onClose hooks run last-added first: this one before the sweep's and the database's, so no new
  // claim is made and the send in flight is recorded before the database closes.
  app.addHook('onClose', () => mailer.close());
}
