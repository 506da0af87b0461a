import { clsx } from 'clsx';

const heights = { sm: 'h-1.5', md: 'h-2.5' } as const;

/** A 0–100 bar with its accessible name: the guests' upload total, the album music's position. */
export function ProgressBar({
  percent,
  label,
  size = 'md',
  className,
}: {
  percent: number;
  label: string;
  size?: keyof typeof heights;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={clsx('overflow-hidden rounded-full bg-ink/10', heights[size], className)}
    >
      <div
        className="h-full rounded-full bg-rose-700 transition-[width] duration-200 motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
