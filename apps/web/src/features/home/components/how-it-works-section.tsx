import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { checkoutEntryState } from '@/lib/tracking/checkout-entry';
import { SectionShell } from './section-shell';

const STEPS = ['step1', 'step2', 'step3'] as const;

export function HowItWorksSection() {
  const { t } = useTranslation('home');
  return (
    <SectionShell id="how-it-works" title={t('howItWorks.title')} text={t('howItWorks.text')}>
      <ol className="grid gap-4 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step} className="rounded-2xl bg-white p-6 shadow-soft">
            <span className="grid size-11 place-items-center rounded-full bg-gold-100 font-display text-xl text-gold-800">
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold text-ink">{t(`howItWorks.${step}`)}</h3>
            <p className="mt-1 text-sm text-ink-soft">{t(`howItWorks.${step}Text`)}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex justify-center">
        <Link
          to="/checkout"
          data-testid="how-it-works-cta"
          state={checkoutEntryState('how_it_works')}
          className={buttonClass('primary', 'lg')}
        >
          {t('howItWorks.cta')}
          <ArrowRight aria-hidden className="size-5" />
        </Link>
      </div>
    </SectionShell>
  );
}
