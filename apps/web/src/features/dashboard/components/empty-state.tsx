import type { ReactNode } from 'react';

/** What to do next, with one button (DESIGN.md). */
export function EmptyState({
  testId,
  icon,
  title,
  text,
  children,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center rounded-3xl border border-dashed border-ink/15 bg-white px-6 py-12 text-center"
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-rose-50">{icon}</div>
      <h3 className="mt-4 font-display text-2xl text-ink">{title}</h3>
      <p className="mt-2 max-w-sm text-ink-soft">{text}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
