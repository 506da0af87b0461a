import { lazy, Suspense, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MessagesTab } from '@/features/guestbook';
import { useEventDetails } from '../api/album-detail-api';
import { useAddonReturn } from '../hooks/use-addon-return';
import { useFloatingDownload } from '../hooks/use-floating-download';
import { AddonOffer } from './addon-offer';
import { AlbumHeader } from './album-header';
import { DetailSkeleton, NotFound } from './detail-states';
import { DetailsTab } from './details-tab';
import { DetailTabsList, type DetailTab } from './detail-tabs-list';
import { DownloadButton } from './download-button';
import { ItineraryTab } from './itinerary-tab';
import { PhotosTab } from './photos-tab';
import { SharePanel } from './share-panel';

// Charts are only fetched when the host opens the analytics tab.
const AnalyticsTab = lazy(() => import('./analytics-tab'));

/** /album-detail/{id} (spec 001 §2 "Owner album detail"). */
export function AlbumDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('albumDetail');
  const details = useEventDetails(id);
  const headerRef = useRef<HTMLElement>(null);
  const [tab, setTab] = useState('photos');
  // While the host selects photos, the selection bar takes the floating download button's place.
  const [selecting, setSelecting] = useState(false);
  const showFloating = useFloatingDownload(headerRef, details.isSuccess);
  useAddonReturn(id);
  useDocumentTitle(details.data?.evento.nombre ?? t('title'));

  if (details.isPending) return <DetailSkeleton />;
  if (details.isError) {
    const error = details.error;
    const missing =
      !(error instanceof ApiError) || error.status === 404 || error.status === 403 || error.status === 400;
    return <NotFound failed={!missing} onRetry={() => void details.refetch()} />;
  }
  const data = details.data;
  const hasAnalytics = data.habilidades.basicAnalytics || data.habilidades.advancedAnalytics;
  const tabs: DetailTab[] = [
    'photos',
    'messages',
    'itinerary',
    'details',
    'share',
    ...(hasAnalytics ? (['analytics'] as const) : []),
  ];

  return (
    <div data-testid="album-detail" className="w-full flex-1 pb-28">
      <AlbumHeader ref={headerRef} id={id} data={data} />
      <Tabs.Root value={tab} onValueChange={setTab} className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <DetailTabsList tabs={tabs} active={tab} />
        <Tabs.Content value="photos" className="mt-6 focus-visible:outline-none">
          <PhotosTab id={id} data={data} onOpenShare={() => setTab('share')} onSelectingChange={setSelecting} />
        </Tabs.Content>
        <Tabs.Content value="messages" className="mt-6 focus-visible:outline-none">
          <MessagesTab id={id} />
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
      {showFloating &&
        !selecting &&
        data.consolidado.photos + data.consolidado.videos > 0 &&
        (data.habilidades.zipDownload ? (
          <DownloadButton id={id} eventName={data.evento.nombre} />
        ) : (
          <AddonOffer id={id} plan={data.habilidades.paquete} />
        ))}
    </div>
  );
}
