import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { outboxEmails } from '../../db/schema/index.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

interface MailerOptions {
  db: Database;
  logger: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}

/**
 * Every message is written to the outbox table first; with SMTP configured it is then
 * delivered and marked sent. The log names the recipient and subject only, never the body,
 * because bodies carry single-use links.
 */
export function createMailer({ db, logger, smtpUrl, from }: MailerOptions): Mailer {
  // nodemailer is loaded only with SMTP configured: an outbox-only server never needs it.
  const transport = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
    : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(outboxEmails)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          transport: transport ? 'smtp' : 'outbox',
        })
        .returning({ id: outboxEmails.id });
      logger.info({ emailId: row?.id, to: message.to, subject: message.subject }, 'email queued');
      if (!transport || !row) return;
      try {
        await (await transport).sendMail({ from, ...message });
        await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, row.id));
      } catch (error) {
        // A mail server being down must not fail the request that triggered the message.
        logger.error({ emailId: row.id, err: error }, 'email delivery failed');
        await db
          .update(outboxEmails)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(outboxEmails.id, row.id));
      }
    },
  };
}
