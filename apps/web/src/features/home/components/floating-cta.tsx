import { clsx } from 'clsx';
import { ArrowRight } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { checkoutEntryState } from '@/lib/tracking/checkout-entry';
import { FLOATING_CTA_THRESHOLD_PX } from '../home-data';

/** Shows once the page is scrolled more than 100 px past the bottom of the first section. */
export function FloatingCta({ firstSectionRef }: { firstSectionRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('home');
  const [isVisible, setIsVisible] = useState(false);

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
    <div className="fade-in pointer-events-none fixed inset-x-0 bottom-4 z-30 flex justify-center px-4 sm:justify-end sm:px-6">
      <Link
        to="/checkout"
        data-testid="floating-get-started"
        state={checkoutEntryState('floating')}
        className={clsx(buttonClass('primary', 'lg'), 'pointer-events-auto shadow-lift')}
      >
        {t('floating.getStarted')}
        <ArrowRight aria-hidden className="size-5" />
      </Link>
    </div>
  );
}
