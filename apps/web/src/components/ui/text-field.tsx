import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  hint?: string;
};

/** A labelled input; the hint is tied to the input with aria-describedby. */
export function TextField({ id, label, hint, className, ...props }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hintId}
        className={clsx(
          'min-h-12 rounded-xl border border-ink/20 bg-white px-4 text-base text-ink shadow-inner-soft',
          'placeholder:text-ink-soft/80 transition duration-150',
          'focus:border-rose-700 focus:ring-4 focus:ring-rose-700/15 focus:outline-none',
          'disabled:bg-paper-deep',
        )}
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-xs text-ink-soft">
          {hint}
        </p>
      )}
    </div>
  );
}
