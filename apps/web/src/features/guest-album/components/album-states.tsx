import { CircleAlert, ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { columnsFor } from '../lib/photo-colour';

/** Squares shaped like the grid while the first page loads. */
export function GridSkeleton() {
  const columns = columnsFor(typeof window === 'undefined' ? 390 : window.innerWidth);
  return (
    <div
      data-testid="album-loading"
      aria-busy="true"
      className="grid gap-0.5"
      style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
    >
      {Array.from({ length: columns * 4 }, (_, index) => (
        <div key={index} className="aspect-square animate-pulse bg-ink/8 motion-reduce:animate-none" />
      ))}
    </div>
  );
}

/** `uploadHref` is left out once the upload window has closed; `inSection`: a section's filter shows nothing. */
export function EmptyAlbum({ uploadHref, inSection = false }: { uploadHref?: string; inSection?: boolean }) {
  const { t } = useTranslation('album');
  const words = inSection ? 'emptySection' : 'empty';
  return (
    <div data-testid="album-empty" className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-rose-50 text-rose-700">
        <ImagePlus className="size-8" />
      </span>
      <h2 className="mt-4 font-display text-2xl">{t(`${words}.title`)}</h2>
      <p className="mt-2 max-w-sm text-ink-soft">{t(`${words}.text`)}</p>
      {uploadHref && (
        <Link to={uploadHref} className={buttonClass('primary', 'lg', 'mt-6')}>
          {t('empty.upload')}
        </Link>
      )}
    </div>
  );
}

export function AlbumError({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation('album');
  return (
    <div
      role="alert"
      data-testid="album-error"
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <CircleAlert aria-hidden className="size-8 text-rose-700" />
      <p className="font-medium">{text}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      )}
    </div>
  );
}
