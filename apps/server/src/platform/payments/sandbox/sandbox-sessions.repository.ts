import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { sandboxCheckoutSessions, type SandboxCheckoutSessionRow } from '../../../db/schema/index.js';

export function createSandboxSessionsRepository(db: Database) {
  return {
    async insert(values: typeof sandboxCheckoutSessions.$inferInsert) {
      await db.insert(sandboxCheckoutSessions).values(values);
    },
    async find(id: string): Promise<SandboxCheckoutSessionRow | undefined> {
      const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
      return row;
    },
    /** Pays an open session once; false when it was not open. */
    async markPaid(id: string): Promise<boolean> {
      const rows = await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'complete', paymentStatus: 'paid' })
        .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
        .returning({ id: sandboxCheckoutSessions.id });
      return rows.length === 1;
    },
    /** Closes an open session; a paid one stays paid. */
    async markExpired(id: string) {
      await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')));
    },
    async markDeclined(id: string) {
      await db
        .update(sandboxCheckoutSessions)
        .set({ lastDeclinedAt: new Date() })
        .where(eq(sandboxCheckoutSessions.id, id));
    },
  };
}

export type SandboxSessionsRepository = ReturnType<typeof createSandboxSessionsRepository>;
