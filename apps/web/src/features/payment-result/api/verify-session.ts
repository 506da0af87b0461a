import type { VerifySessionResponse } from '@momentos/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/stripe/verify-session/{id}; failures keep the body's message and code (rule b). */
export function useVerifySession(sessionId: string | null) {
  return useQuery({
    queryKey: ['/api/stripe/verify-session', sessionId],
    queryFn: ({ signal }) =>
      apiRequest<VerifySessionResponse>(`/api/stripe/verify-session/${encodeURIComponent(sessionId ?? '')}`, {
        signal,
      }).then((res) => res.data),
    enabled: Boolean(sessionId),
  });
}
