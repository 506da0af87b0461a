import type { OwnerMessage } from '@momentos/contract';
import { ArrowLeft, Mic, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import { fontFamilyFor } from '@/lib/album-fonts/font-families';
import { formatDate } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEventForPrint, usePrintableMessages } from '../api/host-messages-api';

// As the table card prints (album-detail/components/table-card-page.tsx): everything that neither
// holds nor is the book is dropped (the site's header, footer, toasts, the controls) and its
// ancestors lose their spacing. Unlike the card the book flows over many pages: the title page
// fills the first and breaks after it, and no message is ever split across two.
const PRINT_CSS = `@page { margin: 18mm 16mm; }
@media print {
  html, body { background: #fff !important; }
  body:has([data-print-book]) *:not(:has([data-print-book])):not([data-print-book]):not([data-print-book] *) { display: none !important; }
  body:has([data-print-book]) *:has([data-print-book]) { display: block !important; margin: 0 !important; padding: 0 !important; min-height: 0 !important; max-width: none !important; }
  [data-print-book] { max-width: none !important; margin: 0 !important; border: 0 !important; border-radius: 0 !important; box-shadow: none !important; padding: 0 !important; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  [data-print-title] { height: 240mm; break-after: page; border: 0 !important; }
  [data-print-message] { break-inside: avoid; page-break-inside: avoid; }
}`;

/** /album-detail/{id}/guestbook: the approved messages as pages a couple can print, after a title page. */
export function GuestbookPrintPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('guestbook');
  const event = useEventForPrint(id);
  const messages = usePrintableMessages(id);
  useDocumentTitle(event.data ? `${t('print.documentTitle')} · ${event.data.nombre}` : t('print.documentTitle'));
  // Printed pages must carry the host's real font, not a stand-in.
  useAlbumFont(event.data?.fontFamily);

  if (event.isPending || messages.isPending)
    return (
      <div
        aria-hidden
        className="mx-auto my-10 h-[70vh] w-full max-w-2xl animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none"
      />
    );
  if (event.isError || messages.isError)
    return (
      <div className="mx-auto my-10 max-w-md rounded-2xl bg-rose-50 p-6 text-center text-rose-800">
        <p>{t('print.loadFailed')}</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void Promise.all([event.refetch(), messages.refetch()])}
        >
          {t('print.retry')}
        </Button>
      </div>
    );

  const font = fontFamilyFor(event.data.fontFamily);
  // The API lists newest first; a book reads from the first words left, as the ZIP's page does.
  const items = [...messages.data.items].reverse();
  return (
    <div data-testid="guestbook-print-page" className="mx-auto flex w-full max-w-3xl flex-col px-4 py-6">
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/album-detail/${id}`} className={buttonClass('link', 'md', '-ml-1')}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('print.back')}
        </Link>
        <Button data-testid="guestbook-print" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          {t('print.print')}
        </Button>
      </div>
      <p className="mb-4 text-sm text-ink-soft print:hidden">{t('print.hint')}</p>

      <article
        data-print-book
        data-testid="guestbook-book"
        className="rounded-2xl border border-ink/10 bg-white px-6 py-10 shadow-lift sm:px-14 sm:py-14"
      >
        <header
          data-print-title
          className="flex min-h-[60vh] flex-col items-center justify-center border-b border-ink/10 pb-10 text-center"
        >
          <p className="text-sm font-semibold tracking-[0.3em] text-rose-800 uppercase">{t('print.kicker')}</p>
          <h1 className="mt-4 text-5xl leading-tight break-words text-ink" style={{ fontFamily: font }}>
            {event.data.nombre}
          </h1>
          {event.data.fechaDeEvento && (
            <p className="mt-3 text-lg text-ink-soft">{formatDate(event.data.fechaDeEvento, i18n.language, 'long')}</p>
          )}
          <span aria-hidden className="mt-8 text-2xl text-gold-700">
            ❦
          </span>
          <p className="mt-6 text-sm text-ink-soft">{t('print.count', { count: items.length })}</p>
        </header>
        {items.length === 0 ? (
          <p className="py-10 text-center text-ink-soft">{t('print.empty')}</p>
        ) : (
          <ol className="mt-10 flex flex-col">
            {items.map((message) => (
              <PrintedMessage key={message.id} message={message} font={font} />
            ))}
          </ol>
        )}
      </article>
    </div>
  );
}

function PrintedMessage({ message, font }: { message: OwnerMessage; font: string | undefined }) {
  const { t, i18n } = useTranslation('guestbook');
  return (
    <li data-print-message data-testid="printed-message" className="border-b border-ink/10 py-8 last:border-b-0">
      {message.text ? (
        <p className="font-display text-lg leading-relaxed break-words whitespace-pre-line text-ink">{message.text}</p>
      ) : (
        <p className="inline-flex items-center gap-2 font-display text-lg text-ink-soft italic">
          <Mic aria-hidden className="size-5" />
          {t('print.voiceNote')}
        </p>
      )}
      <p className="mt-4 text-right text-xl text-ink" style={{ fontFamily: font }}>
        — {message.authorName || t('host.anonymous')}
      </p>
      <p className="mt-1 text-right text-xs text-ink-soft">
        {formatDate(message.createdAt, i18n.language, 'long')}
        {message.text && message.voiceUrl && ` · ${t('print.withVoiceNote')}`}
      </p>
    </li>
  );
}
