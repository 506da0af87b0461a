import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductServer, type ProductServer } from '../../../../e2e/support/product-server.js';
import { freshTestDatabaseUrl, seedDataDir } from '../test-database.js';
import type { TestResponse } from '../test-server.js';

/**
 * `npm run create-agent` on a database that already has users. The script is a separate process
 * on the same database, as an operator would run it; with PGlite only one process may hold the
 * data directory, so the server is stopped around each run (the README says to run it so).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-agent-'));
const servers: ProductServer[] = [];
let env: Record<string, string> = {};

beforeAll(async () => {
  env = { WEB_DIST_DIR: '' };
  const url = await freshTestDatabaseUrl();
  if (url) env.DATABASE_URL = url;
  seedDataDir(dataDir);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = await startProductServer(env, dataDir);
  servers.push(server);
  return server;
}

function createAgent(...args: string[]) {
  const scriptEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete scriptEnv.DATABASE_URL;
  return spawnSync('node', ['--import', 'tsx', 'apps/server/src/scripts/create-agent.ts', ...args], {
    cwd: root,
    env: scriptEnv,
    encoding: 'utf8',
  });
}

async function post(
  server: ProductServer,
  url: string,
  body: unknown,
  token?: string,
): Promise<Pick<TestResponse, 'status' | 'body'>> {
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const listTickets = async (server: ProductServer, token: string) =>
  (await fetch(`${server.url}/api/tickets?status=open`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('npm run create-agent', () => {
  it('refuses a short password with its usage line', () => {
    const refused = createAgent('nuevo@example.com', 'corta');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Usage: npm run create-agent');
  });

  it('promotes an existing host to agent, keeping the account and setting the new password, and creates a new one', async () => {
    const email = `Host-${Date.now()}@Example.com`;
    let server = await start();
    const registered = await post(server, '/api/auth/register', { email, password: 'fiesta-2026' });
    expect(registered.status).toBe(201);
    const hostToken = registered.body.data.session.access_token as string;
    const hostId = registered.body.data.user.id as string;
    const ticket = {
      subject: 'Ayuda',
      description: 'Ayuda con mi álbum',
      category: 'general',
      metadata: { source: 'help-center', page_url: '/help-center', browser: 'test' },
    };
    const created = await post(server, '/api/tickets', ticket, hostToken);
    expect(created.status).toBe(201);
    expect(await listTickets(server, hostToken)).toBe(403);
    await server.stop();

    // The e-mail is matched whatever its case, as sign-in matches it.
    const promoted = createAgent(email.toUpperCase(), 'agente-nuevo-7');
    expect(promoted.status, promoted.stderr).toBe(0);
    expect(promoted.stderr).toContain(`Promoted ${email.toLowerCase()} to support agent`);
    const fresh = createAgent('nuevo@example.com', 'agente-seguro-1');
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(fresh.stderr).toContain('Created support agent nuevo@example.com');

    server = await start();
    expect((await post(server, '/api/auth/login', { email, password: 'fiesta-2026' })).status).toBe(401);
    const login = await post(server, '/api/auth/login', { email, password: 'agente-nuevo-7' });
    expect(login.status).toBe(200);
    expect(login.body.data.session.user).toMatchObject({ id: hostId, role: 'agent' });
    const agentToken = login.body.data.session.access_token as string;
    expect(await listTickets(server, agentToken)).toBe(200);
    // The same account, not a new one: the ticket it wrote as a host is still its own.
    const mine = await fetch(`${server.url}/api/tickets/${created.body.data.id}`, {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect(((await mine.json()) as { data: { user_id: string } }).data.user_id).toBe(hostId);
    const newcomer = await post(server, '/api/auth/login', { email: 'nuevo@example.com', password: 'agente-seguro-1' });
    expect(newcomer.body.data.session.user.role).toBe('agent');
    await server.stop();
    // Two server starts and two script runs, each a process that opens and migrates the database.
  }, 150_000);
});
