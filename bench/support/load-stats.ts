/** The nearest-rank percentile (0–100) of a list of durations; NaN for an empty list. */
export function percentile(values: number[], rank: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1))]!;
}

/** The middle value (the lower middle for an even count); NaN for an empty list. */
export const median = (values: number[]): number => percentile(values, 50);

/** "p50 1.23 s · p99 4.56 s" for durations in milliseconds. */
export function describeLatency(milliseconds: number[]): string {
  if (milliseconds.length === 0) return 'none measured';
  const seconds = (rank: number) => (percentile(milliseconds, rank) / 1000).toFixed(2);
  return `p50 ${seconds(50)} s · p99 ${seconds(99)} s · max ${(Math.max(...milliseconds) / 1000).toFixed(2)} s`;
}

/**
 * Failed requests of one kind, counted by what went wrong (status and body, or the network error),
 * so a report lists each distinct error once with how often it happened.
 */
export class ErrorTally {
  private readonly counts = new Map<string, number>();

  get total(): number {
    let sum = 0;
    for (const count of this.counts.values()) sum += count;
    return sum;
  }

  add(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  /** Records a response that was not the expected status; reads its body. */
  async addResponse(request: string, response: Response): Promise<void> {
    const body = (await response.text().catch(() => '')).slice(0, 300);
    this.add(`${request} → ${response.status} ${body}`);
  }

  addFailure(request: string, error: unknown): void {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    this.add(`${request} → ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
  }

  lines(): string[] {
    return [...this.counts].map(([what, count]) => `${count}× ${what}`);
  }
}
