import { clsx } from 'clsx';
import { useId } from 'react';

export interface ChipOption {
  value: string;
  label: string;
}

interface ChipChoiceProps {
  /** Names the group for screen readers; shown above the chips unless `hideLegend`. */
  legend: string;
  hideLegend?: boolean;
  options: readonly ChipOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  testId?: string;
  className?: string;
}

/**
 * One choice among a few, as chips: native radio buttons underneath, so arrow keys, labels and
 * screen readers work as for any radio group. The chips wrap rather than scroll sideways: on a
 * phone no choice may hide past the edge (DESIGN.md).
 */
export function ChipChoice({
  legend,
  hideLegend,
  options,
  value,
  onChange,
  disabled,
  testId,
  className,
}: ChipChoiceProps) {
  const name = useId();
  return (
    <fieldset data-testid={testId} disabled={disabled} className={clsx('min-w-0', className)}>
      <legend className={hideLegend ? 'sr-only' : 'mb-2 text-sm font-semibold text-ink'}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="shrink-0">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={clsx(
                'inline-flex min-h-11 max-w-64 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold transition select-none',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-700',
                'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
                option.value === value
                  ? 'border-ink bg-ink text-white'
                  : 'border-ink/15 bg-white text-ink hover:border-ink/30',
              )}
            >
              <span className="truncate">{option.label}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
