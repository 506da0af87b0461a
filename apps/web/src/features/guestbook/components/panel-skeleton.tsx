/** The messages tab while its code, words or messages arrive: cards shaped like messages. */
export function PanelSkeleton() {
  return (
    <div aria-hidden className="grid gap-3 lg:grid-cols-2">
      {Array.from({ length: 4 }, (_, key) => (
        <div key={key} className="h-36 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />
      ))}
    </div>
  );
}
