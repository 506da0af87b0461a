import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Kernel clock ticks per second, the unit of /proc/<pid>/stat's CPU times (100 on Linux almost always). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU seconds a process has used so far. */
/** User plus system CPU seconds in a /proc stat line (of a process or of one of its threads). */
function cpuSecondsInStat(stat: string): number {
  // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

const cpuSecondsOf = (pid: number) => cpuSecondsInStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** Which of a process's threads did the work: JavaScript, libvips' image workers, or the rest (V8's helpers, libuv's pool). */
export type ThreadGroup = 'main' | 'libvips' | 'other';

/** CPU seconds per thread group of a process so far, from /proc/<pid>/task/<tid>/stat. */
export function threadCpuOf(pid: number): Record<ThreadGroup, number> {
  const totals: Record<ThreadGroup, number> = { main: 0, libvips: 0, other: 0 };
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // The thread ended between the listing and the read.
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const group: ThreadGroup = tid === String(pid) ? 'main' : name.startsWith('libvips') ? 'libvips' : 'other';
    totals[group] += cpuSecondsInStat(stat);
  }
  return totals;
}

/** The whole machine's busy and total CPU seconds from /proc/stat's first line. */
function machineSeconds(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / ticksPerSecond, total: total / ticksPerSecond };
}

function rssMbOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

export interface ProcessUsage {
  pid: number;
  cpuSeconds: number;
  /** CPU seconds per wall second: cores used on average. */
  cores: number;
  /** Highest VmRSS seen, polled every 50 ms (like ingest.bench.ts's memoryOf). */
  peakRssMb: number;
}

export interface UsageReport {
  seconds: number;
  processes: ProcessUsage[];
  /** Every process together: cores used on average and as a share of the machine. */
  cores: number;
  machineShare: number;
  /** The whole machine's busy share over the same span (load generator, PostgreSQL, s3rver included). */
  machineBusyShare: number;
}

/**
 * Watches processes from now until `stop()`: their CPU time (utime + stime from /proc/<pid>/stat)
 * over the span, and their peak resident memory polled every 50 ms.
 */
export function watchProcesses(pids: number[]) {
  const started = process.hrtime.bigint();
  const cpuAtStart = pids.map(cpuSecondsOf);
  const machineAtStart = machineSeconds();
  const peaks = pids.map(rssMbOf);
  const timer = setInterval(() => {
    pids.forEach((pid, index) => {
      try {
        peaks[index] = Math.max(peaks[index]!, rssMbOf(pid));
      } catch {
        // The process ended.
      }
    });
  }, 50);
  return {
    stop(): UsageReport {
      clearInterval(timer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const machine = machineSeconds();
      const processes = pids.map((pid, index) => {
        const cpuSeconds = cpuSecondsOf(pid) - cpuAtStart[index]!;
        return { pid, cpuSeconds, cores: cpuSeconds / seconds, peakRssMb: peaks[index]! };
      });
      const cores = processes.reduce((sum, usage) => sum + usage.cores, 0);
      const machineTotal = machine.total - machineAtStart.total;
      return {
        seconds,
        processes,
        cores,
        machineShare: cores / os.availableParallelism(),
        machineBusyShare: machineTotal > 0 ? (machine.busy - machineAtStart.busy) / machineTotal : 0,
      };
    },
  };
}
