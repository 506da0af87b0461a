import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';

const pulse = 'animate-pulse motion-reduce:animate-none';

export function DetailSkeleton() {
  return (
    <div data-testid="album-detail-skeleton" aria-hidden className="w-full">
      <div className={`h-72 bg-ink/10 sm:h-80 ${pulse}`} />
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className={`mt-6 h-12 w-72 rounded-2xl bg-ink/5 ${pulse}`} />
        <div className="mt-6 grid grid-cols-3 gap-1 sm:grid-cols-4 lg:grid-cols-6">
          {Array.from({ length: 12 }, (_, key) => (
            <div key={key} className={`aspect-square bg-ink/5 ${pulse}`} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** 'Álbum no encontrado' with 'Volver a mis álbumes' (spec 001 §2); a failed load offers a retry too. */
export function NotFound({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('albumDetail');
  return (
    <section
      data-testid="album-not-found"
      className="mx-auto flex w-full max-w-md flex-1 flex-col items-center px-4 py-20 text-center"
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-rose-50">
        <SearchX aria-hidden className="size-8 text-rose-700" />
      </div>
      <h1 className="mt-4 font-display text-3xl text-ink">{failed ? t('loadFailed') : t('notFound')}</h1>
      <p className="mt-2 text-ink-soft">{failed ? t('loadFailedText') : t('notFoundText')}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        {failed && (
          <Button variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
        <Link to="/auth" data-testid="album-not-found-back" className={buttonClass('primary', 'md')}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('backToAlbums')}
        </Link>
      </div>
    </section>
  );
}
