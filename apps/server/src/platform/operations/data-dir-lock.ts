import fs from 'node:fs';
import path from 'node:path';

/** The embedded database's data directory is used by one server process at a time. */
export const LOCK_FILE = 'server.pid';

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server using `dataDir`, or undefined (a lock left by a crash does not count). */
export function serverUsing(dataDir: string): number | undefined {
  const pid = Number.parseInt(
    fs.readFileSync(path.join(dataDir, LOCK_FILE), { encoding: 'utf8', flag: 'r' }).trim(),
    10,
  );
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

export function serverUsingOrNone(dataDir: string): number | undefined {
  try {
    return serverUsing(dataDir);
  } catch {
    return undefined;
  }
}

/** Marks `dataDir` as in use by this process; the returned function releases it. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  fs.writeFileSync(file, String(process.pid));
  return () => fs.rmSync(file, { force: true });
}
