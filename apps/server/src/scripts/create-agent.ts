import { ZRegisterRequest } from '@momentos/contract';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { hashPassword } from '../platform/auth/password.js';
import { createAuthRepository } from '../modules/auth/index.js';

/** `npm run create-agent -- <email> <password>`: creates a support agent, or promotes an existing user. */
async function main() {
  const [email, password] = process.argv.slice(2);
  const parsed = ZRegisterRequest.safeParse({ email, password });
  if (!parsed.success) {
    console.error('Usage: npm run create-agent -- <email> <password>  (password at least 8 characters)');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: `${config.dataDir}/pglite` });
  const repo = createAuthRepository(database.db);
  const normalizedEmail = parsed.data.email.toLowerCase();
  const existing = await repo.findUserByEmail(normalizedEmail);
  if (existing) {
    await repo.updateUser(existing.id, { role: 'agent', passwordHash: await hashPassword(parsed.data.password) });
    console.warn(`Promoted ${normalizedEmail} to support agent (password updated).`);
  } else {
    await repo.insertUser({
      email: normalizedEmail,
      passwordHash: await hashPassword(parsed.data.password),
      role: 'agent',
    });
    console.warn(`Created support agent ${normalizedEmail}.`);
  }
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
