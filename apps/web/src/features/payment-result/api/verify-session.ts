import { useQuery } from '@tanstack/react-query';
import { verifyCheckoutSession } from '@/features/checkout';

/** The returning session's verification as a query (checkout's verifyCheckoutSession). */
export function useVerifySession(sessionId: string | null) {
  return useQuery({
    queryKey: ['/api/stripe/verify-session', sessionId],
    queryFn: ({ signal }) => verifyCheckoutSession(sessionId ?? '', signal),
    enabled: Boolean(sessionId),
  });
}
