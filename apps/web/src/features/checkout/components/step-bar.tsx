import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';

interface StepBarProps {
  backTo?: string;
  /** The price line shown beside the action on phones, where the order card is further down. */
  price?: ReactNode;
  children: ReactNode;
}

/**
 * Back link and the step's main action. On phones it sticks to the bottom of the screen
 * (spec 000 §2: a fixed continue button on mobile); from md up it sits under the step.
 */
export function StepBar({ backTo, price, children }: StepBarProps) {
  const { t } = useTranslation('checkout');
  return (
    <div className="sticky bottom-0 z-30 -mx-4 mt-8 border-t border-ink/10 bg-paper/95 px-4 py-3 backdrop-blur-md md:static md:mx-0 md:border-0 md:bg-transparent md:px-0 md:py-0 md:backdrop-blur-none">
      <div className="flex items-center gap-3">
        {backTo && (
          <Link to={backTo} data-testid="checkout-back" className={buttonClass('secondary', 'md', 'shrink-0')}>
            <ArrowLeft aria-hidden className="size-4" />
            <span className="max-sm:sr-only">{t('actions.back')}</span>
          </Link>
        )}
        {price && <div className="min-w-0 flex-1 text-sm md:hidden">{price}</div>}
        <div className="ml-auto flex shrink-0">{children}</div>
      </div>
    </div>
  );
}
