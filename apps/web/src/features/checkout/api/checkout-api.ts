import type {
  BillingType,
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  CreateCustomerResponse,
  Product,
  ProductsResponse,
} from '@momentos/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { plansQuery } from '@/lib/plans-query';

/** Active base plans of one billing type, in the server's basic → elite order. */
export function usePlans(billingType: BillingType) {
  return useQuery(plansQuery(billingType));
}

/** Add-ons the server says can be bought with `productId`; idle until a plan is chosen. */
export function useCompatibleAddons(productId: string | undefined) {
  return useQuery({
    queryKey: ['/api/stripe/products', productId, 'addons'],
    queryFn: ({ signal }) =>
      apiRequest<ProductsResponse>(`/api/stripe/products/${encodeURIComponent(productId ?? '')}/addons`, {
        signal,
      }).then((res): Product[] => res.data),
    enabled: Boolean(productId),
  });
}

// Spec 000 §7: the id may come as data.id or at the top level.
type CustomerAnswer = Partial<CreateCustomerResponse> & { id?: string };
type SessionAnswer = Partial<CreateCheckoutSessionResponse> & { url?: string };

export class MissingCustomerIdError extends Error {}

export function useCreateCustomer() {
  return useMutation({
    mutationFn: async (email: string) => {
      const answer = await apiRequest<CustomerAnswer>('/api/stripe/customers', { body: { email } });
      const id = answer.data?.id ?? answer.id;
      if (!id) throw new MissingCustomerIdError('Could not create payment customer');
      return id;
    },
  });
}

export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: async (body: CreateCheckoutSessionRequest) => {
      const answer = await apiRequest<SessionAnswer>('/api/stripe/create-checkout-session', { body });
      return { url: answer.data?.url ?? answer.url ?? '', orderId: answer.data?.orderId };
    },
  });
}
