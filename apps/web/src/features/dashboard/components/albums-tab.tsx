import type { EventListEntry } from '@momentos/contract';
import { ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { track } from '@/lib/tracking/tracking';
import { AlbumCard, AlbumCardSkeleton } from './album-card';
import { EmptyState } from './empty-state';

export function AlbumsTab({ loading, events }: { loading: boolean; events: EventListEntry[] }) {
  const { t } = useTranslation('dashboard');
  if (loading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <AlbumCardSkeleton key={key} />
        ))}
      </div>
    );
  }
  if (events.length === 0) {
    return (
      <EmptyState
        testId="albums-empty"
        icon={<ImagePlus aria-hidden className="size-8 text-rose-700" />}
        title={t('albums.emptyTitle')}
        text={t('albums.emptyText')}
      >
        <Link
          to="/checkout"
          onClick={() => track('dashboard_create_clicked', { source: 'empty' })}
          className={buttonClass('primary', 'lg')}
        >
          {t('albums.emptyAction')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <div data-testid="album-grid" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((album) => (
        <AlbumCard key={album.id} album={album} />
      ))}
    </div>
  );
}
