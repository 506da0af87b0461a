import { CircleAlert, Loader2, PartyPopper, Pencil, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDraft } from '../hooks/draft-store';
import { useShare, useSummary } from '../hooks/use-summary';
import { formatLongDate } from '../lib/format';

/** Everything the complete phase reveals: title, finalize, missing fields, recap, share. */
export function SummaryComplete({ customizationId, isMobile }: { customizationId: string; isMobile: boolean }) {
  const { t, i18n } = useTranslation('personalization');
  const navigate = useNavigate();
  const { confirmed } = useDraft();
  const { missingFields, canFinalize, isCompleting, finalize } = useSummary(customizationId);
  const share = useShare(customizationId, finalize);
  const incomplete = missingFields.length > 0;
  const recap = [
    { key: 'event', value: confirmed.eventName },
    { key: 'date', value: formatLongDate(confirmed.eventDate, i18n.language) },
    { key: 'style', value: confirmed.fontStyle },
    { key: 'music', value: confirmed.musicStyle },
  ];

  return (
    <div className="space-y-6">
      <div>
        <span className="inline-grid size-12 place-items-center rounded-full bg-gold-100 text-gold-800">
          <PartyPopper aria-hidden className="size-6" />
        </span>
        <h1 className="mt-4 font-display text-3xl text-ink sm:text-4xl">{t('summary.readyTitle')}</h1>
        <p className="mt-2 text-ink-soft">{t('summary.readySubtitle')}</p>
      </div>

      {incomplete && (
        <div
          role="alert"
          data-testid="summary-missing"
          className="flex items-start gap-3 rounded-2xl border border-rose-700/40 bg-rose-50 p-4"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-rose-700" />
          <div>
            <p className="font-semibold text-rose-900">{t('summary.missingTitle')}</p>
            <ul className="mt-1 list-inside list-disc text-sm text-ink">
              {missingFields.map((field) => (
                <li key={field}>{t(`fields.${field}`)}</li>
              ))}
            </ul>
          </div>
        </div>
      )}

      {isMobile && (
        <dl
          data-testid="summary-recap"
          className="grid gap-3 rounded-2xl border border-ink/10 bg-white p-5 shadow-soft md:hidden"
        >
          <p className="text-xs font-semibold tracking-[0.14em] text-gold-800 uppercase">{t('summary.recapTitle')}</p>
          {recap.map(({ key, value }) => (
            <div key={key} className="flex justify-between gap-4 text-sm">
              <dt className="text-ink-soft">{t(`summary.recap.${key}`)}</dt>
              <dd className="text-right font-medium break-words text-ink">{value || t('preview.empty')}</dd>
            </div>
          ))}
        </dl>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          size="lg"
          data-testid="summary-finalize"
          onClick={finalize}
          disabled={incomplete || !canFinalize || isCompleting}
          aria-busy={isCompleting}
        >
          {isCompleting && <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />}
          {isCompleting ? t('summary.creating') : incomplete ? t('summary.completeFields') : t('summary.finalize')}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          data-testid="summary-make-changes"
          onClick={() => navigate('/personalization/step-2?step=singles')}
        >
          <Pencil aria-hidden className="size-4" />
          {t('summary.makeChanges')}
        </Button>
        <Button variant="ghost" size="lg" data-testid="summary-share" onClick={() => void share()}>
          <Share2 aria-hidden className="size-4" />
          {t('summary.share')}
        </Button>
      </div>
    </div>
  );
}
