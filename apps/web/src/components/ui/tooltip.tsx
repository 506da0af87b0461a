import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Spec 000 §9: tooltips open after a 700 ms hover, with a 300 ms skip delay between them. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared by every tooltip: moving from one trigger to the next within the skip delay opens at once.
let lastClosedAt = 0;

/**
 * A label under its trigger on hover or keyboard focus. Hand-written rather than a positioning
 * library: the only triggers sit in the nav bar, and this keeps ~25 KB off every first paint.
 * It opens leftwards from the trigger's right edge so it never overflows a phone's right side.
 */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={(event) => event.pointerType === 'mouse' && show(TOOLTIP_DELAY_MS)}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => event.target.matches(':focus-visible') && show(0)}
      onBlur={hide}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
    >
      {children}
      {open && (
        <span
          role="tooltip"
          className="fade-in pointer-events-none absolute top-full right-0 z-50 mt-1.5 rounded-lg bg-ink px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-paper shadow-soft"
        >
          {label}
        </span>
      )}
    </span>
  );
}
