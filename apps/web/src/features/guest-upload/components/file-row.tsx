import { clsx } from 'clsx';
import { Check, CircleAlert, Clock, Film, Hourglass, ImageOff, LoaderCircle, RotateCw, WifiOff, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inMegabytes } from '@/lib/megabytes';
import { useOnline } from '../hooks/use-online';
import type { SelectedFile } from '../lib/selection';

function Thumbnail({ item }: { item: SelectedFile }) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const box = 'relative size-16 shrink-0 overflow-hidden rounded-xl bg-paper-deep';
  // The small copy is being made: an empty tile, not a "broken image" icon.
  if (!item.previewUrl && item.isPreviewPending)
    return (
      <span
        data-testid="guest-file-thumbnail-pending"
        className={clsx(box, 'animate-pulse motion-reduce:animate-none')}
      />
    );
  if (!item.previewUrl || brokenUrl === item.previewUrl) {
    return (
      <span className={clsx(box, 'flex items-center justify-center text-ink-soft')}>
        {item.kind === 'video' ? <Film aria-hidden className="size-6" /> : <ImageOff aria-hidden className="size-6" />}
      </span>
    );
  }
  return (
    <span className={box}>
      {item.kind === 'video' ? (
        <video
          src={item.previewUrl}
          muted
          playsInline
          preload="metadata"
          className="size-full object-cover"
          onError={() => setBrokenUrl(item.previewUrl)}
        />
      ) : (
        <img
          src={item.previewUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setBrokenUrl(item.previewUrl)}
        />
      )}
      {item.kind === 'video' && (
        <span className="absolute bottom-1 left-1 rounded bg-ink/70 p-0.5 text-white">
          <Film aria-hidden className="size-3" />
        </span>
      )}
    </span>
  );
}

/** Seconds until `at`, counted down once a second while the row shows it. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

function StatusLine({ item }: { item: SelectedFile }) {
  const { t } = useTranslation('guest');
  const isOnline = useOnline();
  const seconds = useSecondsUntil(item.status === 'retrying' ? item.retryAt : undefined);
  const percent = Math.floor(item.progress * 100);
  switch (item.status) {
    case 'ready':
    case 'waiting':
      return (
        <span className="inline-flex items-center gap-1 text-ink-soft">
          <Clock aria-hidden className="size-3.5" /> {t(item.status === 'ready' ? 'file.ready' : 'file.waiting')}
        </span>
      );
    case 'uploading':
      return (
        <span className="flex flex-col gap-1">
          <span className="inline-flex items-center gap-1 font-medium text-rose-700">
            <LoaderCircle aria-hidden className="size-3.5 animate-spin motion-reduce:animate-none" />{' '}
            {t('file.uploadingBytes', { percent, sent: inMegabytes(item.sent), total: inMegabytes(item.size) })}
          </span>
          <span className="h-1.5 overflow-hidden rounded-full bg-rose-100">
            <span
              className="block h-full rounded-full bg-rose-700 transition-[width] duration-200"
              style={{ width: `${percent}%` }}
            />
          </span>
        </span>
      );
    case 'retrying':
      // Offline no timer runs out: the file goes when the signal is back, not "in N s".
      if (!isOnline)
        return (
          <span className="inline-flex items-center gap-1 font-medium text-gold-800">
            <WifiOff aria-hidden className="size-3.5 shrink-0" /> {t('waitingForSignal')}
          </span>
        );
      return (
        <span className="inline-flex items-center gap-1 font-medium text-gold-800">
          <RotateCw aria-hidden className="size-3.5 shrink-0" />{' '}
          {seconds > 0 ? t('file.retrying', { seconds }) : t('file.retryingNow')}
        </span>
      );
    case 'done':
      return (
        <span className="inline-flex items-center gap-1 font-medium text-emerald-700">
          <Check aria-hidden className="size-3.5" /> {t('file.done')}
        </span>
      );
    case 'pending':
      return (
        <span className="inline-flex items-center gap-1 font-medium text-gold-800">
          <Hourglass aria-hidden className="size-3.5 shrink-0" /> {t('file.pending')}
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex items-center gap-1 font-medium text-rose-800">
          <CircleAlert aria-hidden className="size-3.5 shrink-0" /> {t('file.failed')}
        </span>
      );
  }
}

/** One chosen file: its thumbnail, its upload state, and remove or retry. */
export function FileRow({
  item,
  onRemove,
  onRetry,
}: {
  item: SelectedFile;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('guest');
  const iconButton =
    'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-rose-700 disabled:opacity-40';
  return (
    <li
      data-testid="guest-file"
      data-status={item.status}
      className={clsx(
        'rounded-2xl border bg-white p-2 pr-1',
        item.status === 'failed' ? 'border-rose-700/40' : 'border-ink/10',
      )}
    >
      <div className="flex items-center gap-3">
        <Thumbnail item={item} />
        <div className="min-w-0 flex-1 text-xs">
          <p data-testid="guest-file-name" className="truncate text-sm font-medium text-ink">
            {item.name}
          </p>
          <div data-testid="guest-file-status" className="mt-1">
            <StatusLine item={item} />
          </div>
        </div>
        {item.status === 'failed' && (
          <button
            type="button"
            data-testid="guest-file-retry"
            className={clsx(iconButton, 'text-rose-700')}
            onClick={onRetry}
            aria-label={t('file.retry', { name: item.name })}
          >
            <RotateCw aria-hidden className="size-5" />
          </button>
        )}
        {(item.status === 'ready' || item.status === 'failed' || item.status === 'retrying') && (
          <button
            type="button"
            data-testid="guest-file-remove"
            className={iconButton}
            onClick={onRemove}
            aria-label={t('file.remove', { name: item.name })}
          >
            <X aria-hidden className="size-5" />
          </button>
        )}
      </div>
      {(item.status === 'failed' || item.status === 'retrying') && item.error && (
        <p
          data-testid="guest-file-error"
          className={clsx('mt-2 mb-1 pr-2 pl-1 text-xs', item.status === 'failed' ? 'text-rose-800' : 'text-ink-soft')}
        >
          {item.error}
        </p>
      )}
    </li>
  );
}
