import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { schedulePeriodicTask } from './periodic-task.js';

/** A task whose runs each wait until the test lets them finish. */
function controlledTask() {
  const finishers: Array<() => void> = [];
  const task = vi.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
  return { task, finishRun: () => finishers.shift()?.() };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('schedulePeriodicTask', () => {
  it('runs every interval and never starts a run while one is in flight', async () => {
    const app = Fastify();
    const { task, finishRun } = controlledTask();
    schedulePeriodicTask(app, { name: 'test sweep', everyMs: 1000, task });
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000); // five ticks while the first run is still going
    expect(task).toHaveBeenCalledTimes(1);
    finishRun();
    await settle();
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(2);
    finishRun();
    await app.close();
  });

  it('on close, waits for the run in flight and starts no other', async () => {
    const app = Fastify();
    const { task, finishRun } = controlledTask();
    schedulePeriodicTask(app, { name: 'test sweep', everyMs: 1000, task });
    vi.advanceTimersByTime(1000);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await settle();
    expect(closed).toBe(false);
    finishRun();
    await closing;
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('logs a failed run and tries again at the next tick', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
    const task = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(undefined);
    schedulePeriodicTask(app, { name: 'test sweep', everyMs: 1000, task });
    vi.advanceTimersByTime(1000);
    await settle();
    expect(lines.join('')).toContain('test sweep failed');
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('with 0, schedules nothing, and with runAtStart runs only that once', async () => {
    const app = Fastify();
    const off = vi.fn(async () => undefined);
    schedulePeriodicTask(app, { name: 'off', everyMs: 0, task: off });
    const { task: once, finishRun } = controlledTask();
    schedulePeriodicTask(app, { name: 'start only', everyMs: 0, runAtStart: true, task: once });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(off).not.toHaveBeenCalled();
    expect(once).toHaveBeenCalledTimes(1);
    // The start run is waited for at close like any other.
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await settle();
    expect(closed).toBe(false);
    finishRun();
    await closing;
  });

  it('with runAtStart, starts at once and skips ticks until that run ends', async () => {
    const app = Fastify();
    const { task, finishRun } = controlledTask();
    schedulePeriodicTask(app, { name: 'start and repeat', everyMs: 1000, runAtStart: true, task });
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(task).toHaveBeenCalledTimes(1);
    finishRun();
    await settle();
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(2);
    finishRun();
    await app.close();
  });
});
