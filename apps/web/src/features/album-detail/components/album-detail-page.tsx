import { lazy, Suspense, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEventDetails } from '../api/album-detail-api';
import { useFloatingDownload } from '../hooks/use-floating-download';
import { AlbumHeader } from './album-header';
import { DetailSkeleton, NotFound } from './detail-states';
import { DetailsTab } from './details-tab';
import { DownloadButton } from './download-button';
import { ItineraryTab } from './itinerary-tab';
import { PhotosTab } from './photos-tab';
import { SharePanel } from './share-panel';

// Charts are only fetched when the host opens the analytics tab.
const AnalyticsTab = lazy(() => import('./analytics-tab'));

export const detailTabClass =
  'inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold text-ink-soft transition ' +
  'data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-soft focus-visible:outline-2 focus-visible:outline-rose-700';

/** /album-detail/{id} (spec 001 §2 "Owner album detail"). */
export function AlbumDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('albumDetail');
  const details = useEventDetails(id);
  const headerRef = useRef<HTMLElement>(null);
  const [tab, setTab] = useState('photos');
  const showFloating = useFloatingDownload(headerRef, details.isSuccess);
  useDocumentTitle(details.data?.evento.nombre ?? t('title'));

  if (details.isPending) return <DetailSkeleton />;
  if (details.isError) {
    const error = details.error;
    const missing = !(error instanceof ApiError) || error.status === 404 || error.status === 403 || error.status === 400;
    return <NotFound failed={!missing} onRetry={() => void details.refetch()} />;
  }
  const data = details.data;
  const hasAnalytics = data.habilidades.basicAnalytics || data.habilidades.advancedAnalytics;
  const tabs = ['photos', 'itinerary', 'details', 'share', ...(hasAnalytics ? ['analytics'] : [])];

  return (
    <div data-testid="album-detail" className="w-full flex-1 pb-28">
      <AlbumHeader ref={headerRef} id={id} data={data} />
      <Tabs.Root value={tab} onValueChange={setTab} className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <Tabs.List aria-label={t('tabsLabel')} className="-mx-4 mt-6 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <div className="flex gap-1 rounded-2xl bg-paper-deep p-1">
            {tabs.map((value) => (
              <Tabs.Trigger key={value} value={value} data-testid={`detail-tab-${value}`} className={detailTabClass}>
                {t(`tabs.${value}`)}
              </Tabs.Trigger>
            ))}
          </div>
        </Tabs.List>
        <Tabs.Content value="photos" className="mt-6 focus-visible:outline-none">
          <PhotosTab id={id} data={data} />
        </Tabs.Content>
        <Tabs.Content value="itinerary" className="mt-6 focus-visible:outline-none">
          <ItineraryTab entries={data.itinerario} />
        </Tabs.Content>
        <Tabs.Content value="details" className="mt-6 focus-visible:outline-none">
          <DetailsTab data={data} />
        </Tabs.Content>
        <Tabs.Content value="share" className="mt-6 focus-visible:outline-none">
          <SharePanel id={id} evento={data.evento} />
        </Tabs.Content>
        {hasAnalytics && (
          <Tabs.Content value="analytics" className="mt-6 focus-visible:outline-none">
            <Suspense fallback={<div className="h-64 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />}>
              <AnalyticsTab id={id} />
            </Suspense>
          </Tabs.Content>
        )}
      </Tabs.Root>
      {showFloating && data.consolidado.photos > 0 && <DownloadButton id={id} eventName={data.evento.nombre} />}
    </div>
  );
}
