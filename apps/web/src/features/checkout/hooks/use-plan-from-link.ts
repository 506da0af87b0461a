import { ZBillingType } from '@momentos/contract';
import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { plansQuery } from '@/lib/plans-query';
import { dispatchCheckout } from './checkout-store';

/**
 * A plan card on the home page links to /checkout?plan={productId}: the plan is chosen on arrival,
 * with its own billing type, and the parameter leaves the address so a later change sticks. An
 * unknown or inactive id is dropped the same way and the visitor chooses as usual.
 */
export function usePlanFromLink() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Kept through the address change: it says which button led here, for the checkout's tracking.
  const { state } = useLocation() as { state: unknown };
  const productId = searchParams.get('plan');
  const catalogue = useQueries({
    queries: ZBillingType.options.map((billingType) => ({ ...plansQuery(billingType), enabled: productId !== null })),
  });
  const isSettled = catalogue.every((query) => !query.isPending);
  const plan =
    productId === null
      ? undefined
      : catalogue.flatMap((query) => query.data ?? []).find((product) => product.productId === productId);

  useEffect(() => {
    if (productId === null || (!plan && !isSettled)) return;
    if (plan) dispatchCheckout({ type: 'selectPlan', plan });
    setSearchParams(
      (params) => {
        params.delete('plan');
        return params;
      },
      { replace: true, state },
    );
  }, [productId, plan, isSettled, setSearchParams, state]);
}
