import { CheckCheck, ListChecks, Loader2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * Above the grid: "Seleccionar" turns the grid into a choice; while choosing, "Seleccionar todo"
 * takes every photo of the filter on screen (all pages), and "Cancelar" leaves.
 */
export function SelectionToolbar({
  selecting,
  total,
  allSelected,
  loadingAll,
  onStart,
  onSelectAll,
  onClear,
  onStop,
}: {
  selecting: boolean;
  /** Photos in the filter on screen. */
  total: number;
  allSelected: boolean;
  loadingAll: boolean;
  onStart: () => void;
  onSelectAll: () => void;
  onClear: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation('albumDetail');
  if (!selecting) {
    return (
      <div className="mb-4 flex justify-end">
        <Button variant="secondary" data-testid="selection-start" onClick={onStart} disabled={total === 0}>
          <ListChecks aria-hidden className="size-5" />
          {t('selection.start')}
        </Button>
      </div>
    );
  }
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-ink-soft">{t('selection.hint')}</p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          data-testid={allSelected ? 'selection-clear' : 'selection-all'}
          onClick={allSelected ? onClear : onSelectAll}
          disabled={loadingAll || total === 0}
          aria-busy={loadingAll || undefined}
        >
          {loadingAll ? (
            <Loader2 aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
          ) : (
            <CheckCheck aria-hidden className="size-5" />
          )}
          {allSelected ? t('selection.clear') : t('selection.all', { count: total })}
        </Button>
        <Button variant="ghost" data-testid="selection-stop" onClick={onStop}>
          <X aria-hidden className="size-5" />
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
