import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, serverUsing } from './data-dir-lock.js';

const dirs: string[] = [];
const children: { kill(): boolean }[] = [];
afterEach(() => {
  children.splice(0).forEach((child) => child.kill());
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

function lockedBy(content: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, LOCK_FILE), content);
  return dir;
}

const startTimeOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};

describe('serverUsing', () => {
  it('sees the process that wrote the lock, and not another program that got its pid since', () => {
    const other = spawn('sleep', ['30']);
    children.push(other);
    const pid = other.pid!;
    expect(serverUsing(lockedBy(`${pid} ${startTimeOf(pid)}`))).toBe(pid);
    expect(serverUsing(lockedBy(`${pid} ${Number(startTimeOf(pid)) - 1}`))).toBeUndefined();
    // A lock written by an older version holds the pid alone.
    expect(serverUsing(lockedBy(String(pid)))).toBe(pid);
  });
});
