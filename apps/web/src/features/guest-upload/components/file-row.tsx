import { clsx } from 'clsx';
import { Check, CircleAlert, Clock, Film, Hourglass, ImageOff, LoaderCircle, RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectedFile } from '../lib/selection';

function Thumbnail({ item }: { item: SelectedFile }) {
  const [isBroken, setBroken] = useState(!item.previewUrl);
  const box = 'relative size-16 shrink-0 overflow-hidden rounded-xl bg-paper-deep';
  if (isBroken) {
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
          onError={() => setBroken(true)}
        />
      ) : (
        <img src={item.previewUrl} alt="" className="size-full object-cover" onError={() => setBroken(true)} />
      )}
      {item.kind === 'video' && (
        <span className="absolute bottom-1 left-1 rounded bg-ink/70 p-0.5 text-white">
          <Film aria-hidden className="size-3" />
        </span>
      )}
    </span>
  );
}

function StatusLine({ item, isQueued }: { item: SelectedFile; isQueued: boolean }) {
  const { t } = useTranslation('guest');
  const percent = Math.floor(item.progress * 100);
  switch (item.status) {
    case 'waiting':
      return (
        <span className="inline-flex items-center gap-1 text-ink-soft">
          <Clock aria-hidden className="size-3.5" /> {isQueued ? t('file.waiting') : t('file.ready')}
        </span>
      );
    case 'uploading':
      return (
        <span className="flex flex-col gap-1">
          <span className="inline-flex items-center gap-1 font-medium text-rose-700">
            <LoaderCircle aria-hidden className="size-3.5 animate-spin motion-reduce:animate-none" />{' '}
            {t('file.uploading', { percent })}
          </span>
          <span className="h-1.5 overflow-hidden rounded-full bg-rose-100">
            <span
              className="block h-full rounded-full bg-rose-700 transition-[width] duration-200"
              style={{ width: `${percent}%` }}
            />
          </span>
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
  isLocked,
  onRemove,
  onRetry,
}: {
  item: SelectedFile;
  isLocked: boolean;
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
            {item.file.name}
          </p>
          <div data-testid="guest-file-status" className="mt-1">
            <StatusLine item={item} isQueued={isLocked} />
          </div>
        </div>
        {item.status === 'failed' && (
          <button
            type="button"
            data-testid="guest-file-retry"
            className={clsx(iconButton, 'text-rose-700')}
            onClick={onRetry}
            disabled={isLocked}
            aria-label={t('file.retry', { name: item.file.name })}
          >
            <RotateCw aria-hidden className="size-5" />
          </button>
        )}
        {!isLocked && item.status !== 'done' && item.status !== 'pending' && (
          <button
            type="button"
            data-testid="guest-file-remove"
            className={iconButton}
            onClick={onRemove}
            aria-label={t('file.remove', { name: item.file.name })}
          >
            <X aria-hidden className="size-5" />
          </button>
        )}
      </div>
      {item.status === 'failed' && item.error && (
        <p data-testid="guest-file-error" className="mt-2 mb-1 pr-2 pl-1 text-xs text-rose-800">
          {item.error}
        </p>
      )}
    </li>
  );
}
