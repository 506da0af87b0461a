import type { Evento } from '@momentos/contract';
import { Copy, Link2, MonitorPlay, Printer, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { describeError } from '@/lib/error-message';
import { track } from '@/lib/tracking/tracking';
import { useChangeAccessCode } from '../api/album-detail-api';
import { useQrImage } from '../hooks/use-qr-image';
import { QrCodeCard } from './qr-code-card';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The 6-digit code (which the host may change), the guest link with copy, the QR code (PNG), the
 * table card and the slideshow.
 */
export function SharePanel({ id, evento }: { id: string; evento: Evento }) {
  const { t } = useTranslation('albumDetail');
  const qr = useQrImage(evento.qrCodeUrl);
  const copy = async () => {
    track('album_link_copied', { album_id: id });
    const ok = await copyText(evento.guestUrl);
    toast(
      ok
        ? { variant: 'success', title: t('share.copied') }
        : { title: t('share.copyManual'), description: evento.guestUrl },
    );
  };
  const slideshow = `/album/${id}/slideshow?code=${encodeURIComponent(evento.accessCode)}`;
  const { t: tCommon } = useTranslation();
  const changeCode = useChangeAccessCode(id);
  const change = () =>
    changeCode.mutate(undefined, {
      onSuccess: () => toast({ variant: 'success', title: t('share.changeCode.done') }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('share.changeCode.failed'),
          description: describeError(tCommon, error),
        }),
    });

  return (
    <div data-testid="share-panel" className="grid gap-4 md:grid-cols-[1fr_auto]">
      <div className="grid gap-4">
        <section className="rounded-2xl border border-ink/10 bg-white p-5 shadow-soft">
          <h3 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">{t('share.code')}</h3>
          <p
            data-testid="share-code"
            className="mt-2 font-mono text-4xl font-semibold tracking-[0.3em] text-ink sm:text-5xl"
          >
            {evento.accessCode}
          </p>
          <p className="mt-2 text-sm text-ink-soft">{t('share.codeHint')}</p>
          <ConfirmDialog
            title={t('share.changeCode.title')}
            description={t('share.changeCode.text')}
            confirmLabel={t('share.changeCode.confirm')}
            cancelLabel={t('share.changeCode.cancel')}
            confirmTestId="share-change-code-confirm"
            onConfirm={change}
          >
            <Button
              variant="secondary"
              data-testid="share-change-code"
              disabled={changeCode.isPending}
              className="mt-3"
            >
              <RefreshCw aria-hidden className="size-4" />
              {t('share.changeCode.button')}
            </Button>
          </ConfirmDialog>
        </section>
        <section className="rounded-2xl border border-ink/10 bg-white p-5 shadow-soft">
          <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-ink-soft uppercase">
            <Link2 aria-hidden className="size-4" />
            {t('share.link')}
          </h3>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              data-testid="share-link"
              value={evento.guestUrl}
              aria-label={t('share.link')}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-11 min-w-0 flex-1 rounded-xl border border-ink/15 bg-paper px-3 font-mono text-sm text-ink"
            />
            <Button data-testid="share-copy" onClick={() => void copy()}>
              <Copy aria-hidden className="size-4" />
              {t('share.copy')}
            </Button>
          </div>
        </section>
        <section className="grid gap-2 rounded-2xl border border-ink/10 bg-white p-5 shadow-soft sm:grid-cols-2">
          <Link to={`/album-detail/${id}/card`} data-testid="share-card" className={buttonClass('secondary', 'md')}>
            <Printer aria-hidden className="size-4" />
            {t('share.tableCard')}
          </Link>
          <a
            href={slideshow}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="share-slideshow"
            className={buttonClass('secondary', 'md')}
          >
            <MonitorPlay aria-hidden className="size-4" />
            {t('share.slideshow')}
          </a>
        </section>
      </div>
      <QrCodeCard
        qr={qr}
        eventName={evento.nombre}
        testId="share-qr"
        size={224}
        downloadVariant="primary"
        className="rounded-2xl border border-ink/10 bg-white p-5 shadow-soft"
        heading={
          <h3 className="self-start text-sm font-semibold tracking-wide text-ink-soft uppercase">{t('share.qr')}</h3>
        }
      />
    </div>
  );
}
