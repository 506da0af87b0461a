import type { BillingType, ProductsResponse } from '@momentos/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The catalogue's active base plans of one billing type, basic → elite. One cache entry for the
 * home page's pricing and the checkout, so a plan card's click arrives with the plans in hand.
 */
export const plansQuery = (billingType: BillingType) =>
  queryOptions({
    queryKey: ['/api/stripe/products', billingType],
    queryFn: ({ signal }) =>
      apiRequest<ProductsResponse>(`/api/stripe/products?type=${billingType}`, { signal }).then((res) => res.data),
  });
