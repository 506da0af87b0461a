import { zipNames } from '@momentos/contract';
import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { track } from '@/lib/tracking/tracking';
import { fetchDownloadLink } from '../api/album-detail-api';
import { downloadZip } from '../lib/download-zip';

/** The floating 'Descargar Fotos' button; while the ZIP streams it shows 'Descargando... {n}%'. */
export function DownloadButton({ id, eventName }: { id: string; eventName: string }) {
  const { t } = useTranslation('albumDetail');
  const [percent, setPercent] = useState<number | null>(null);

  const start = async () => {
    if (percent !== null) return;
    track('album_download_started', { album_id: id });
    setPercent(0);
    try {
      const outcome = await downloadZip({
        fileName: zipNames(eventName).archive,
        getLink: () => fetchDownloadLink(id),
        onProgress: setPercent,
      });
      if (outcome === 'saved') toast({ variant: 'success', title: t('download.done') });
      if (outcome === 'handed-over')
        toast({ title: t('download.handedOver'), description: t('download.handedOverText') });
    } catch (error) {
      console.error('album-detail: download failed', error);
      toast({ variant: 'destructive', title: t('download.failed') });
    } finally {
      setPercent(null);
    }
  };

  const busy = percent !== null;
  // Sticky at the end of the page's content rather than fixed: it floats at the bottom of the
  // screen while the grid goes on below, and settles under the last row (above the footer) once
  // the page is scrolled to its end, so it never hides the last photos' buttons or the footer.
  return (
    <div className="pointer-events-none sticky bottom-0 z-40 flex justify-center px-4 py-4 sm:justify-end sm:px-6 sm:py-6 print:hidden">
      <button
        type="button"
        data-testid="download-zip"
        data-percent={percent ?? undefined}
        onClick={() => void start()}
        aria-busy={busy}
        className="pointer-events-auto relative inline-flex min-h-12 w-full max-w-sm items-center justify-center gap-2 overflow-hidden rounded-full bg-rose-700 px-6 text-base font-semibold text-white shadow-lift hover:bg-rose-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700 sm:w-auto"
      >
        {busy && (
          <span
            aria-hidden
            className="absolute inset-y-0 left-0 bg-rose-900/60 transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        )}
        <span className="relative inline-flex items-center gap-2" aria-live="polite">
          {busy ? (
            <Loader2 aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
          ) : (
            <Download aria-hidden className="size-5" />
          )}
          {busy ? t('download.progress', { percent }) : t('download.label')}
        </span>
        {busy && <progress className="sr-only" max={100} value={percent} />}
      </button>
    </div>
  );
}
