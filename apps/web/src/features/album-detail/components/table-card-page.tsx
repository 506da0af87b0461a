import { ArrowLeft, Printer } from 'lucide-react';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import { fontFamilyFor } from '@/lib/album-fonts/font-families';
import { formatDate } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEventDetails } from '../api/album-detail-api';
import { useQrImage } from '../hooks/use-qr-image';
import { NotFound } from './detail-states';

const SIZES = { A6: { w: 105, h: 148 }, A5: { w: 148, h: 210 } } as const;
type Size = keyof typeof SIZES;

// Printing shows only the card: everything that neither holds nor is the card is dropped (the
// site's header, footer, toasts, the controls), its ancestors collapse to nothing and the card is
// pinned to the top left, so the flow is empty and exactly one page comes out; the page is the
// card's paper size with no margin (half a millimetre spare against rounding).
function printCss(size: Size) {
  // Explicit millimetres: not every browser knows the A6 keyword.
  return `@page { size: ${SIZES[size].w}mm ${SIZES[size].h}mm; margin: 0; }
@media print {
  html, body { background: #fff !important; margin: 0 !important; padding: 0 !important; }
  body:has([data-print-card]) *:not(:has([data-print-card])):not([data-print-card]):not([data-print-card] *) { display: none !important; }
  body:has([data-print-card]) *:has([data-print-card]) { display: block !important; margin: 0 !important; padding: 0 !important; min-height: 0 !important; height: 0 !important; }
  [data-print-card] { position: fixed !important; top: 0; left: 0; display: flex !important; width: ${SIZES[size].w}mm !important; height: ${SIZES[size].h - 0.5}mm !important; max-width: none !important; margin: 0 !important; border: 0 !important; border-radius: 0 !important; box-shadow: none !important; break-inside: avoid; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;
}

/** /album-detail/{id}/card: a printable table card (A6 or A5) with the name, font, cover, QR and code. */
export function TableCardPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('albumDetail');
  const [size, setSize] = useState<Size>('A6');
  const details = useEventDetails(id);
  const qr = useQrImage(details.data?.evento.qrCodeUrl ?? '');
  useDocumentTitle(t('card.title'));
  // The card is printed: the host's font must be the real one, not a stand-in.
  useAlbumFont(details.data?.evento.fontFamily);
  if (details.isPending)
    return (
      <div
        aria-hidden
        className="mx-auto my-10 aspect-[105/148] w-80 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none"
      />
    );
  if (details.isError) return <NotFound failed={false} onRetry={() => void details.refetch()} />;
  const { evento } = details.data;
  const font = fontFamilyFor(evento.fontFamily);

  return (
    <div
      data-testid="table-card-page"
      className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-6 print:p-0"
    >
      <style>{printCss(size)}</style>
      <div className="mb-6 flex w-full flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/album-detail/${id}`} className={buttonClass('link', 'md', '-ml-1')}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('card.back')}
        </Link>
        <div className="flex items-center gap-2">
          <div role="radiogroup" aria-label={t('card.size')} className="flex rounded-xl bg-paper-deep p-1">
            {(Object.keys(SIZES) as Size[]).map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={size === value}
                data-testid={`card-size-${value}`}
                onClick={() => setSize(value)}
                className={clsx(
                  'min-h-11 rounded-lg px-4 text-sm font-semibold',
                  size === value ? 'bg-white text-ink shadow-soft' : 'text-ink-soft',
                )}
              >
                {value}
              </button>
            ))}
          </div>
          <Button data-testid="card-print" onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            {t('card.print')}
          </Button>
        </div>
      </div>
      <p className="mb-4 text-center text-sm text-ink-soft print:hidden">{t('card.hint')}</p>

      <article
        data-print-card
        data-testid="table-card"
        data-size={size}
        className="@container flex w-full max-w-[360px] flex-col overflow-hidden rounded-2xl border border-ink/10 bg-white text-center shadow-lift"
        style={{ aspectRatio: `${SIZES[size].w} / ${SIZES[size].h}` }}
      >
        <div className="relative h-[30%] shrink-0 overflow-hidden bg-gradient-to-br from-rose-100 via-paper-deep to-gold-100">
          {evento.urlImagen && <img src={evento.urlImagen} alt="" className="size-full object-cover" />}
        </div>
        <div className="flex min-h-0 flex-1 flex-col items-center justify-between overflow-hidden px-[7cqw] pt-[3.5cqw] pb-[4cqw]">
          <div>
            <p className="text-[3.6cqw] font-semibold tracking-[0.25em] text-rose-800 uppercase">{t('card.kicker')}</p>
            <h1 className="mt-[1.5cqw] text-[8cqw] leading-tight break-words text-ink" style={{ fontFamily: font }}>
              {evento.nombre}
            </h1>
            {evento.fechaDeEvento && (
              <p className="mt-[1cqw] text-[3.6cqw] text-ink-soft">
                {formatDate(evento.fechaDeEvento, i18n.language, 'long')}
              </p>
            )}
          </div>
          {qr ? (
            <img
              data-testid="table-card-qr"
              src={qr}
              alt={t('share.qrAlt', { name: evento.nombre })}
              className="aspect-square w-[40cqw]"
            />
          ) : (
            <div aria-hidden className="aspect-square w-[40cqw] animate-pulse rounded-lg bg-ink/5" />
          )}
          <div>
            <p className="text-[3.4cqw] text-ink-soft">{t('card.scan')}</p>
            <p
              data-testid="table-card-code"
              className="mt-[1cqw] font-mono text-[8cqw] font-semibold tracking-[0.25em] text-ink"
            >
              {evento.accessCode}
            </p>
            <p className="text-[2.8cqw] break-all text-ink-soft">{evento.guestUrl.replace(/^https?:\/\//, '')}</p>
          </div>
        </div>
      </article>
    </div>
  );
}
