import { useCallback, useMemo, useState } from 'react';

/**
 * The host's selection on the photo grid: whether the grid is in "select" mode, and which photos are
 * chosen. Leaving the mode forgets the choice.
 */
export function usePhotoSelection() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const replace = useCallback((ids: Iterable<string>) => setSelected(new Set(ids)), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  const drop = useCallback(
    (ids: Iterable<string>) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) next.delete(id);
        return next;
      }),
    [],
  );
  const start = useCallback(() => setSelecting(true), []);
  const stop = useCallback(() => {
    setSelecting(false);
    setSelected(new Set());
  }, []);

  return useMemo(
    () => ({ selecting, selected, count: selected.size, toggle, replace, clear, drop, start, stop }),
    [selecting, selected, toggle, replace, clear, drop, start, stop],
  );
}

export type PhotoSelection = ReturnType<typeof usePhotoSelection>;
