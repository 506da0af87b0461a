import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from '../../platform/mailer/mailer.js';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { agentReplyEmail } from './tickets.emails.js';
import type { TicketRepository } from './tickets.repository.js';

interface SweepDeps {
  repo: TicketRepository;
  mailer: Mailer;
  config: Config;
}

/**
 * E-mails a signed-in customer the agent replies they have not seen within the delay. The state
 * lives in the database (notify_due_at, seen_at, notified_at on each reply), so any server may run
 * the sweep and a restart loses nothing; claiming is atomic, so no reply is mailed twice.
 */
export function createReplyEmailSweep({ repo, mailer, config }: SweepDeps) {
  return {
    async runOnce(now = new Date()): Promise<number> {
      const due = await repo.claimDueReplyNotifications(now);
      for (const item of due) {
        const link = `${config.publicUrl}/help-center`;
        await mailer.send(agentReplyEmail(item.email, item.subject, item.replies, link, item.language));
      }
      return due.length;
    },
  };
}

/** Runs the sweep every HELP_REPLY_SWEEP_MS on this server (0: off), and waits for a run in flight on close. */
export function startReplyEmailSweep(app: FastifyInstance, deps: SweepDeps) {
  const sweep = createReplyEmailSweep(deps);
  schedulePeriodicTask(app, {
    name: 'help-center reply e-mail sweep',
    everyMs: deps.config.HELP_REPLY_SWEEP_MS,
    task: () => sweep.runOnce(),
  });
}
