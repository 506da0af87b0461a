import type { PhotoBatchAction } from '@momentos/contract';
import { clsx } from 'clsx';
import { Check, Download, EyeOff, Loader2, Trash2, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { SelectionWork } from '../hooks/use-selection-actions';

const actionClass =
  'inline-flex min-h-12 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-xs font-semibold transition ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-40 ' +
  'sm:flex-row sm:gap-2 sm:px-4 sm:text-sm';

function BarButton({
  icon: Icon,
  label,
  tone = 'plain',
  ...props
}: ComponentProps<'button'> & { icon: LucideIcon; label: string; tone?: 'plain' | 'go' | 'danger' }) {
  return (
    <button
      type="button"
      className={clsx(
        actionClass,
        tone === 'go' && 'bg-emerald-700 text-white hover:bg-emerald-800',
        tone === 'danger' && 'bg-rose-700 text-white hover:bg-rose-800',
        tone === 'plain' && 'bg-white/10 text-white hover:bg-white/20',
      )}
      {...props}
    >
      <Icon aria-hidden className="size-5 shrink-0" />
      {label}
    </button>
  );
}

/**
 * The bar under the grid while the host selects: how many are chosen (or how far the work has got,
 * with a number), and what to do with them. Sticky, like the download button it replaces meanwhile.
 */
export function SelectionBar({
  count,
  work,
  approveLabel,
  canDownload,
  onAction,
  onDownload,
}: {
  count: number;
  work: SelectionWork | null;
  /** "Aprobar", or "Mostrar" where the chosen photos are hidden ones. */
  approveLabel: string;
  /** The plan's ZIP download (else only single originals, from each photo). */
  canDownload: boolean;
  onAction: (action: PhotoBatchAction) => void;
  onDownload: () => void;
}) {
  const { t } = useTranslation('albumDetail');
  const idle = work === null && count > 0;
  const status =
    work === null
      ? t('selection.count', { count })
      : work.kind === 'download'
        ? t('download.progress', { percent: work.percent })
        : t(`selection.working.${work.kind}`, { sent: work.sent, total: work.total });
  const percent =
    work === null ? null : work.kind === 'download' ? work.percent : Math.round((work.sent / work.total) * 100);

  return (
    <div className="sticky bottom-0 z-40 -mx-4 px-4 pt-3 pb-4 sm:mx-0 sm:px-0 print:hidden">
      <div
        role="region"
        aria-label={t('selection.barLabel')}
        data-testid="selection-bar"
        data-busy={work !== null || undefined}
        className="mx-auto flex w-full max-w-4xl flex-col gap-3 rounded-2xl bg-ink p-3 text-white shadow-lift sm:flex-row sm:items-center sm:justify-between sm:pl-5"
      >
        <div className="flex min-h-8 min-w-0 items-center gap-3 sm:flex-1">
          {work !== null && <Loader2 aria-hidden className="size-5 shrink-0 animate-spin motion-reduce:animate-none" />}
          <p data-testid="selection-count" aria-live="polite" className="font-semibold tabular-nums">
            {status}
          </p>
          {percent !== null && (
            <div className="max-w-40 flex-1 rounded-full bg-white/25">
              <ProgressBar percent={percent} label={status} size="sm" />
            </div>
          )}
        </div>
        <div className={clsx('grid gap-2 sm:flex', canDownload ? 'grid-cols-4' : 'grid-cols-3')}>
          <BarButton
            icon={Check}
            label={approveLabel}
            tone="go"
            data-testid="selection-approve"
            disabled={!idle}
            onClick={() => onAction('approve')}
          />
          <BarButton
            icon={EyeOff}
            label={t('moderation.hide')}
            data-testid="selection-hide"
            disabled={!idle}
            onClick={() => onAction('hide')}
          />
          <ConfirmDialog
            title={t('selection.deleteTitle', { count })}
            description={t('selection.deleteText', { count })}
            confirmLabel={t('moderation.delete')}
            cancelLabel={t('cancel')}
            confirmTestId="selection-delete-confirm"
            onConfirm={() => onAction('delete')}
          >
            <BarButton
              icon={Trash2}
              label={t('moderation.delete')}
              tone="danger"
              data-testid="selection-delete"
              disabled={!idle}
            />
          </ConfirmDialog>
          {canDownload && (
            <BarButton
              icon={Download}
              label={t('selection.download')}
              data-testid="selection-download"
              disabled={!idle}
              onClick={onDownload}
            />
          )}
        </div>
      </div>
    </div>
  );
}
