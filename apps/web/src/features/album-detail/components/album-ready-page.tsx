import type { Evento } from '@momentos/contract';
import { ArrowRight, Copy, MessageCircle, PartyPopper, Printer, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import { fontFamilyFor } from '@/lib/album-fonts/font-families';
import { ApiError } from '@/lib/api-client';
import { canShareNatively, copyText, shareNatively, whatsAppUrl } from '@/lib/share-link';
import { track } from '@/lib/tracking/tracking';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEventDetails } from '../api/album-detail-api';
import { useQrImage } from '../hooks/use-qr-image';
import { QrCodeCard } from './qr-code-card';
import { NotFound } from './detail-states';

const card = 'rounded-2xl border border-ink/10 bg-white p-5 shadow-soft';
const label = 'text-sm font-semibold tracking-wide text-ink-soft uppercase';

/**
 * /album-detail/{id}/ready: where the host lands straight after "Crear mi álbum" (PRODUCT.md, "What
 * guests see"): the code, the guest link and the QR code with every way to hand them out.
 */
export function AlbumReadyPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('albumDetail');
  const details = useEventDetails(id);
  useDocumentTitle(t('ready.title'));
  if (details.isPending) {
    return (
      <div
        aria-hidden
        className="mx-auto my-10 h-96 w-full max-w-3xl animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none"
      />
    );
  }
  if (details.isError) {
    const error = details.error;
    const missing = !(error instanceof ApiError) || [400, 403, 404].includes(error.status);
    return <NotFound failed={!missing} onRetry={() => void details.refetch()} />;
  }
  return <Ready id={id} evento={details.data.evento} />;
}

function Ready({ id, evento }: { id: string; evento: Evento }) {
  const { t } = useTranslation('albumDetail');
  useAlbumFont(evento.fontFamily);
  const qr = useQrImage(evento.qrCodeUrl);
  const message = t('ready.shareText', { name: evento.nombre, code: evento.accessCode });
  const copy = async (what: 'code' | 'link') => {
    track('album_ready_copy', { album_id: id, what });
    const text = what === 'code' ? evento.accessCode : evento.guestUrl;
    const copied = what === 'code' ? t('ready.codeCopied') : t('share.copied');
    toast(
      (await copyText(text))
        ? { variant: 'success', title: copied }
        : { title: t('share.copyManual'), description: text },
    );
  };
  const share = async () => {
    track('album_ready_share', { album_id: id, via: 'native' });
    const outcome = await shareNatively({ title: evento.nombre, text: message, url: evento.guestUrl });
    if (outcome === 'unavailable') await copy('link');
  };

  return (
    <div data-testid="album-ready" data-album-id={id} className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <header className="text-center">
        <span className="inline-grid size-12 place-items-center rounded-full bg-gold-100 text-gold-800">
          <PartyPopper aria-hidden className="size-6" />
        </span>
        <h1 className="mt-4 font-display text-3xl text-ink sm:text-4xl">{t('ready.title')}</h1>
        <p
          data-testid="ready-name"
          className="mt-2 text-2xl break-words text-ink"
          style={{ fontFamily: fontFamilyFor(evento.fontFamily) }}
        >
          {evento.nombre}
        </p>
        <p className="mx-auto mt-2 max-w-xl text-ink-soft">{t('ready.subtitle')}</p>
      </header>

      <section aria-labelledby="ready-code-label" className={`${card} mt-8 text-center`}>
        <h2 id="ready-code-label" className={label}>
          {t('share.code')}
        </h2>
        <p
          data-testid="ready-code"
          className="mt-2 pl-[0.25em] font-mono text-5xl font-semibold tracking-[0.25em] text-ink sm:text-6xl"
        >
          {evento.accessCode}
        </p>
        <p className="mt-2 text-sm text-ink-soft">{t('share.codeHint')}</p>
        <Button variant="secondary" className="mt-4" data-testid="ready-copy-code" onClick={() => void copy('code')}>
          <Copy aria-hidden className="size-4" />
          {t('ready.copyCode')}
        </Button>
      </section>

      <div className="mt-4 grid gap-4 md:grid-cols-[auto_minmax(0,1fr)]">
        <QrCodeCard
          qr={qr}
          eventName={evento.nombre}
          testId="ready-qr"
          size={208}
          downloadVariant="secondary"
          className={card}
          labelledBy="ready-qr-label"
          heading={
            <h2 id="ready-qr-label" className={`${label} self-start`}>
              {t('share.qr')}
            </h2>
          }
        />

        <section aria-labelledby="ready-link-label" className={`${card} flex min-w-0 flex-col gap-3`}>
          <h2 id="ready-link-label" className={label}>
            {t('share.link')}
          </h2>
          <input
            readOnly
            data-testid="ready-link"
            value={evento.guestUrl}
            aria-labelledby="ready-link-label"
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 w-full min-w-0 rounded-xl border border-ink/15 bg-paper px-3 font-mono text-sm text-ink"
          />
          <div className="grid gap-2 sm:grid-cols-2">
            {canShareNatively() && (
              <Button data-testid="ready-share" onClick={() => void share()}>
                <Share2 aria-hidden className="size-4" />
                {t('ready.share')}
              </Button>
            )}
            <a
              href={whatsAppUrl(`${message} ${evento.guestUrl}`)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="ready-whatsapp"
              onClick={() => track('album_ready_share', { album_id: id, via: 'whatsapp' })}
              className={buttonClass(canShareNatively() ? 'secondary' : 'primary', 'md')}
            >
              <MessageCircle aria-hidden className="size-4" />
              {t('ready.whatsapp')}
            </a>
            <Button variant="secondary" data-testid="ready-copy-link" onClick={() => void copy('link')}>
              <Copy aria-hidden className="size-4" />
              {t('share.copy')}
            </Button>
            <Link
              to={`/album-detail/${id}/card`}
              data-testid="ready-table-card"
              className={buttonClass('secondary', 'md', canShareNatively() ? '' : 'sm:col-span-2')}
            >
              <Printer aria-hidden className="size-4" />
              {t('ready.tableCard')}
            </Link>
          </div>
        </section>
      </div>

      <div className="mt-8 flex justify-center">
        <Link
          to={`/album-detail/${id}`}
          data-testid="ready-open-album"
          className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
        >
          {t('ready.openAlbum')}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
    </div>
  );
}
