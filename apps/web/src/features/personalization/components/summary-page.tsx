import { clsx } from 'clsx';
import { Loader2 } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { track } from '@/lib/tracking/tracking';
import { useCoverFile, useDraft } from '../hooks/draft-store';
import { useSummaryPhase } from '../hooks/use-summary-phase';
import { useWizardGate } from '../hooks/use-wizard-gate';
import type { SummaryPhase } from '../lib/summary-timeline';
import { PreviewPanel } from './preview-panel';
import { WizardExpired, WizardLoading } from './status-screens';
import { SummaryComplete } from './summary-complete';

/** /personalization/summary (spec 001 §2): the animated preview, then finalize. */
export function SummaryPage() {
  const { t } = useTranslation('personalization');
  const gate = useWizardGate('summary');
  useDocumentTitle(t('titles.summary'));
  if (gate.kind === 'redirect') return <Navigate to={gate.to} replace />;
  if (gate.kind === 'expired' || gate.kind === 'error') return <WizardExpired />;
  if (gate.kind === 'loading') return <WizardLoading />;
  return <Summary customizationId={gate.customizationId} />;
}

// The card travels from its column to the middle of the stage and back (desktop only).
function useCardOffset(phase: SummaryPhase) {
  const stage = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    if (phase !== 'center' || !stage.current || !card.current) return;
    setOffset((stage.current.clientWidth - card.current.clientWidth) / 2);
  }, [phase]);
  const style: CSSProperties = phase === 'center' ? { transform: `translateX(${offset}px) scale(1.04)` } : {};
  return { stage, card, style };
}

function Summary({ customizationId }: { customizationId: string }) {
  const { t } = useTranslation('personalization');
  const draft = useDraft();
  const coverFile = useCoverFile();
  const confettiCanvas = useRef<HTMLCanvasElement>(null);
  const { phase, isMobile } = useSummaryPhase(confettiCanvas);
  const { stage, card, style } = useCardOffset(phase);
  useEffect(() => track('personalization_summary_view', { customizationId }), [customizationId]);

  return (
    <div data-testid="summary-phase" data-phase={phase} className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <canvas ref={confettiCanvas} aria-hidden className="pointer-events-none fixed inset-0 z-50 size-full" />
      <div
        ref={stage}
        className="relative md:grid md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:gap-12 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]"
      >
        <div
          ref={card}
          style={style}
          className="relative z-10 transition-transform duration-700 ease-out motion-reduce:transition-none max-md:hidden"
        >
          <PreviewPanel values={draft.confirmed} shown={draft.shown} coverFile={coverFile} />
        </div>
        <div className={clsx('min-w-0', phase === 'complete' ? 'fade-in' : 'md:invisible')}>
          {phase === 'complete' ? (
            <SummaryComplete customizationId={customizationId} isMobile={isMobile} />
          ) : (
            <div
              role="status"
              className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-ink-soft md:hidden"
            >
              <Loader2 aria-hidden className="size-8 animate-spin text-rose-700 motion-reduce:animate-none" />
              <p>{t('summary.preparing')}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
