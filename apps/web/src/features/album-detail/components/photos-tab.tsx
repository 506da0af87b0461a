import type { EventDetails, OwnerPhoto } from '@momentos/contract';
import { MAIN_SECTION } from '@momentos/contract/constants';
import { ImageIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { ChipChoice } from '@/components/ui/chip-choice';
import { sectionNameOf } from '@/lib/album-sections';
import { PHOTO_PAGE_SIZE, useAlbumSections, useEventPhotos } from '../api/album-detail-api';
import { fetchPhotoIds } from '../api/photo-selection-api';
import { usePhotoSelection } from '../hooks/use-photo-selection';
import { useSelectionActions } from '../hooks/use-selection-actions';
import { EmptyAlbumShare } from './empty-album-share';
import { PhotoDialog } from './photo-dialog';
import { PhotoStateFilter, type PhotoFilter } from './photo-state-filter';
import { PhotoTile } from './photo-tile';
import { SelectionBar } from './selection-bar';
import { SelectionToolbar } from './selection-toolbar';

/**
 * Spec 001 §2 Fotos, plus the host's moderation: a 'Pendientes' queue when verification is on, and a
 * select mode that approves, hides, deletes or downloads many photos at once. An empty album offers
 * to share it; `onOpenShare` opens the Compartir tab; `onSelectingChange` lets the page put the
 * selection bar where its floating download button was.
 */
export function PhotosTab({
  id,
  data,
  onOpenShare,
  onSelectingChange,
}: {
  id: string;
  data: EventDetails;
  onOpenShare: () => void;
  onSelectingChange?: (selecting: boolean) => void;
}) {
  const { t } = useTranslation('albumDetail');
  const verification = data.habilidades.verification;
  const [filter, setFilter] = useState<PhotoFilter>(
    verification && data.consolidado.pendingPhotos > 0 ? 'pending' : 'all',
  );
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
  const selection = usePhotoSelection();
  const actions = useSelectionActions(id, selection);
  const [loadingAll, setLoadingAll] = useState(false);
  const { selecting } = selection;
  useEffect(() => {
    onSelectingChange?.(selecting);
    return () => onSelectingChange?.(false);
  }, [selecting, onSelectingChange]);
  // "Select all" means the whole filter on screen: a page holds them all, or their ids are asked for.
  const selectAll = async () => {
    if (total <= items.length) return selection.replace(items.map((photo) => photo.id));
    setLoadingAll(true);
    try {
      selection.replace(await fetchPhotoIds(id, filter === 'all' ? undefined : filter, sectionId));
    } catch {
      toast({ variant: 'destructive', title: t('photos.loadFailed') });
    } finally {
      setLoadingAll(false);
    }
  };

  return (
    <div data-testid="photos-tab">
      <PhotoStateFilter
        value={filter}
        counts={data.consolidado}
        withPending={verification || data.consolidado.pendingPhotos > 0}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
          selection.clear();
        }}
      />

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
            selection.clear();
          }}
        />
      )}

      {!albumEmpty && (
        <SelectionToolbar
          selecting={selecting}
          total={total}
          allSelected={total > 0 && selection.count >= total}
          loadingAll={loadingAll}
          onStart={selection.start}
          onSelectAll={() => void selectAll()}
          onClear={selection.clear}
          onStop={selection.stop}
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
            <PhotoTile
              key={photo.id}
              albumId={id}
              photo={photo}
              onOpen={() => setOpenId(photo.id)}
              selection={
                selecting
                  ? { selected: selection.selected.has(photo.id), onToggle: () => selection.toggle(photo.id) }
                  : undefined
              }
            />
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
      {selecting && (
        <SelectionBar
          count={selection.count}
          work={actions.work}
          approveLabel={filter === 'hidden' ? t('moderation.unhide') : t('moderation.approve')}
          canDownload={data.habilidades.zipDownload}
          onAction={(action) => void actions.run(action)}
          onDownload={() => void actions.download(data.evento.nombre)}
        />
      )}
      {open && !selecting && (
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
