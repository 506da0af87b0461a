import type { EventDetails, OwnerPhoto, OwnerPhotoState } from '@momentos/contract';
import { MAIN_SECTION } from '@momentos/contract/constants';
import { clsx } from 'clsx';
import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ChipChoice } from '@/components/ui/chip-choice';
import { sectionNameOf } from '@/lib/album-sections';
import { PHOTO_PAGE_SIZE, useAlbumSections, useEventPhotos } from '../api/album-detail-api';
import { EmptyAlbumShare } from './empty-album-share';
import { PhotoDialog } from './photo-dialog';
import { PhotoTile } from './photo-tile';

type Filter = 'all' | OwnerPhotoState;

/**
 * Spec 001 §2 Fotos, plus the host's moderation: a 'Pendientes' queue when verification is on. An empty album
 * offers to share it; `onOpenShare` opens the Compartir tab.
 */
export function PhotosTab({ id, data, onOpenShare }: { id: string; data: EventDetails; onOpenShare: () => void }) {
  const { t } = useTranslation('albumDetail');
  const verification = data.habilidades.verification;
  const [filter, setFilter] = useState<Filter>(verification && data.consolidado.pendingPhotos > 0 ? 'pending' : 'all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [sectionId, setSectionId] = useState<string | undefined>(undefined);
  const sections = useAlbumSections(id).data?.items ?? [];
  const photos = useEventPhotos(id, page, filter === 'all' ? undefined : filter, sectionId);
  const items = photos.data?.items ?? [];
  const total = photos.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PHOTO_PAGE_SIZE));
  const open: OwnerPhoto | undefined = items.find((photo) => photo.id === openId);
  // Nothing anywhere in the album (not merely in this filter or section): time to invite the guests.
  const albumEmpty =
    filter === 'all' && sectionId === undefined && data.consolidado.photos + data.consolidado.videos === 0;

  const filters: { value: Filter; count: number | null }[] = [
    { value: 'all', count: null },
    ...(verification || data.consolidado.pendingPhotos > 0
      ? [{ value: 'pending' as const, count: data.consolidado.pendingPhotos }]
      : []),
    { value: 'hidden', count: data.consolidado.hiddenPhotos },
  ];

  return (
    <div data-testid="photos-tab">
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
            onClick={() => {
              setFilter(value);
              setPage(1);
            }}
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

      {sections.length > 0 && (
        <ChipChoice
          testId="photo-section-filter"
          legend={t('photos.sectionFilterLabel')}
          hideLegend
          className="mb-4"
          options={[
            { value: '', label: t('photos.allSections') },
            { value: MAIN_SECTION, label: t('photos.mainSection') },
            ...sections.map((section) => ({ value: section.id, label: section.name })),
          ]}
          value={sectionId === MAIN_SECTION || sections.some((section) => section.id === sectionId) ? sectionId! : ''}
          onChange={(next) => {
            setSectionId(next || undefined);
            setPage(1);
          }}
        />
      )}

      {photos.isPending ? (
        <div aria-hidden className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, key) => (
            <div key={key} className="aspect-square animate-pulse rounded-xl bg-ink/5 motion-reduce:animate-none" />
          ))}
        </div>
      ) : photos.isError ? (
        <div className="rounded-2xl bg-rose-50 p-6 text-center text-rose-800">
          <p>{t('photos.loadFailed')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void photos.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div
          data-testid="photos-empty"
          className="flex flex-col items-center rounded-3xl border border-dashed border-ink/15 bg-white px-6 py-12 text-center"
        >
          <div className="flex size-16 items-center justify-center rounded-full bg-rose-50">
            <ImageIcon aria-hidden className="size-8 text-rose-700" />
          </div>
          <p className="mt-4 font-display text-2xl text-ink">
            {filter === 'all' ? t('photos.emptyTitle') : t(`photos.emptyFiltered.${filter}`)}
          </p>
          <p className="mt-2 max-w-sm text-ink-soft">
            {filter !== 'all'
              ? t('photos.emptyFilteredText')
              : albumEmpty
                ? t('photos.emptyShareText')
                : t('photos.emptyText')}
          </p>
          {albumEmpty && <EmptyAlbumShare id={id} evento={data.evento} onOpenShare={onOpenShare} />}
        </div>
      ) : (
        <ul data-testid="photo-grid" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((photo) => (
            <PhotoTile key={photo.id} albumId={id} photo={photo} onOpen={() => setOpenId(photo.id)} />
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label={t('photos.pagination')} className="mt-6 flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('photos.previous')}
          </Button>
          <span className="text-sm text-ink-soft tabular-nums">{t('photos.page', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('photos.next')}
          </Button>
        </nav>
      )}
      {open && (
        <PhotoDialog
          albumId={id}
          photo={open}
          sectionName={
            sections.length > 0 ? (sectionNameOf(sections, open.sectionId) ?? t('photos.mainSection')) : undefined
          }
          onClose={() => setOpenId(null)}
        />
      )}
    </div>
  );
}
