import { useEffect } from 'react';
import { track } from '@/lib/tracking/tracking';
import { completedFields, type CheckoutStep } from '../lib/steps';
import { getCheckoutForm } from './checkout-store';

// One checkout visit spans several route components, so its bookkeeping lives at module level.
let visitOpen = false;
let finished = false;
let currentStep: CheckoutStep = 1;
let mountedPages = 0;

/** Called right before the browser leaves for the payment page, so that is not "abandoned". */
export function markCheckoutFinished(): void {
  finished = true;
}

function abandonIfUnfinished() {
  if (!visitOpen || finished) return;
  visitOpen = false;
  track('form_abandoned', { form: 'checkout', step: currentStep, ...completedFields(getCheckoutForm()) });
}

/**
 * checkout_started when a visit begins, form_abandoned when the visitor leaves the checkout
 * routes (or closes the tab) before paying. The unmount check is deferred one tick so moving
 * between /checkout and /checkout/step/:step, and StrictMode's double mount, do not count.
 */
export function useCheckoutTracking(step: CheckoutStep, source: string) {
  useEffect(() => {
    currentStep = step;
  }, [step]);

  useEffect(() => {
    mountedPages += 1;
    if (!visitOpen) {
      visitOpen = true;
      finished = false;
      track('checkout_started', { source });
    }
    const onPageHide = () => abandonIfUnfinished();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      mountedPages -= 1;
      window.removeEventListener('pagehide', onPageHide);
      setTimeout(() => {
        if (mountedPages === 0) abandonIfUnfinished();
      }, 0);
    };
    // source only matters for the first mount of a visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** checkout_step_completed for the step the visitor just finished. */
export function trackStepCompleted(step: CheckoutStep): void {
  track('checkout_step_completed', { step });
}
