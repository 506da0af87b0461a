import { clsx } from 'clsx';
import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { checkoutEntryState } from '@/lib/tracking/checkout-entry';
import { FLOATING_CTA_THRESHOLD_PX } from '../home-data';
import { useStepsAside } from '../hooks/use-steps-aside';

/**
 * Shows once the page is scrolled more than 100 px past the bottom of the first section. It is
 * sticky at the end of the landing, not fixed: it settles above the footer instead of covering it,
 * and steps aside while a control it must not hide (the example album's link) passes under it.
 */
export function FloatingCta({ firstSectionRef }: { firstSectionRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('home');
  const [isVisible, setIsVisible] = useState(false);
  const button = useRef<HTMLAnchorElement>(null);
  const isAside = useStepsAside(button, isVisible);

  useEffect(() => {
    const update = () => {
      const section = firstSectionRef.current;
      if (section) setIsVisible(section.getBoundingClientRect().bottom < -FLOATING_CTA_THRESHOLD_PX);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [firstSectionRef]);

  if (!isVisible) return null;
  return (
    <div className="fade-in pointer-events-none sticky bottom-0 z-30 flex justify-center px-4 py-4 sm:justify-end sm:px-6">
      <Link
        ref={button}
        to="/checkout"
        data-testid="floating-get-started"
        data-aside={isAside || undefined}
        state={checkoutEntryState('floating')}
        // At once, not faded: a fading button would still take the taps meant for what it uncovers.
        className={clsx(buttonClass('primary', 'lg'), 'pointer-events-auto shadow-lift', isAside && 'invisible')}
      >
        {t('floating.getStarted')}
        <ArrowRight aria-hidden className="size-5" />
      </Link>
    </div>
  );
}
