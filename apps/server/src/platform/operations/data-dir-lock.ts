import fs from 'node:fs';
import path from 'node:path';

/** The embedded database's data directory is used by one server process at a time. */
export const LOCK_FILE = 'server.pid';

/**
 * A process's state and start time (in clock ticks since boot) from Linux's `/proc/<pid>/stat`, or
 * undefined where there is no such file (no such process, or no `/proc`). The command name, field
 * 2, is in parentheses and may hold spaces, so the fields are counted after its closing one.
 */
function procStat(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTime: fields[19]! };
  } catch {
    return undefined;
  }
}

const hasProc = () => fs.existsSync('/proc/self/stat');

/**
 * Whether the process that wrote the lock still runs. A killed server stays a zombie (state Z)
 * until its parent reaps it, and its pid may later go to another program: neither holds the
 * database, so on Linux the start time written with the pid must match too.
 */
function isHolder(pid: number, startTime: string | undefined) {
  if (hasProc()) {
    const stat = procStat(pid);
    if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
    return startTime === undefined || stat.startTime === startTime;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server using `dataDir`, or undefined (a lock left by a crash does not count). */
export function serverUsing(dataDir: string): number | undefined {
  // `<pid> <start time>`; a lock written by an older version holds the pid alone.
  const [pidText, startTime] = fs
    .readFileSync(path.join(dataDir, LOCK_FILE), { encoding: 'utf8', flag: 'r' })
    .trim()
    .split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  return Number.isInteger(pid) && pid !== process.pid && isHolder(pid, startTime) ? pid : undefined;
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
  const startTime = procStat(process.pid)?.startTime;
  fs.writeFileSync(file, startTime ? `${process.pid} ${startTime}` : String(process.pid));
  return () => fs.rmSync(file, { force: true });
}
