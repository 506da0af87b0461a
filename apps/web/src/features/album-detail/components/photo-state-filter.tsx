import type { EventDetails, OwnerPhotoState } from '@momentos/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

export type PhotoFilter = 'all' | OwnerPhotoState;

/** The grid's moderation filter: all, 'Pendientes' (with verification, or while any wait) and 'Ocultas', with counts. */
export function PhotoStateFilter({
  value: filter,
  counts,
  withPending,
  onChange,
}: {
  value: PhotoFilter;
  counts: Pick<EventDetails['consolidado'], 'pendingPhotos' | 'hiddenPhotos'>;
  withPending: boolean;
  onChange: (value: PhotoFilter) => void;
}) {
  const { t } = useTranslation('albumDetail');
  const filters: { value: PhotoFilter; count: number | null }[] = [
    { value: 'all', count: null },
    ...(withPending ? [{ value: 'pending' as const, count: counts.pendingPhotos }] : []),
    { value: 'hidden', count: counts.hiddenPhotos },
  ];
  return (
    <div
      role="group"
      aria-label={t('photos.filterLabel')}
      className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {filters.map(({ value, count }) => (
        <button
          key={value}
          type="button"
          data-testid={`photo-filter-${value}`}
          aria-pressed={filter === value}
          onClick={() => onChange(value)}
          className={clsx(
            'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-3.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-rose-700',
            filter === value ? 'border-ink bg-ink text-white' : 'border-ink/15 bg-white text-ink hover:border-ink/30',
          )}
        >
          {t(`photos.filters.${value}`)}
          {count !== null && (
            <span
              className={clsx(
                'rounded-full px-2 text-xs tabular-nums',
                value === 'pending' && count > 0
                  ? 'bg-gold-100 text-gold-800'
                  : filter === value
                    ? 'bg-white/20'
                    : 'bg-ink/10',
              )}
            >
              {count}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
