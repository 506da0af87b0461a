import { ZHealthResponse } from '@momentos/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client.js';

/** Answers only when the database does, so a load balancer stops sending to a broken instance. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: ZHealthResponse } },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
