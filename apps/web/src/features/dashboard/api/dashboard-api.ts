import { eventPaths, type ClientEvents, type ZClientEventsResponse } from '@momentos/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const dashboardKeys = { cliente: ['events', 'cliente'] as const };

const EMPTY: ClientEvents = {
  events: [],
  orders: [],
  summary: { totalOrders: 0, completedOrders: 0, pendingOrders: 0, redeemedOrders: 0 },
};

/**
 * The host's albums, orders and order counts. Spec 001 §8: a failed fetch is logged and the
 * dashboard shows empty lists and no summary, so the query resolves to `failed: true` instead of throwing.
 */
export async function fetchClientEvents(): Promise<ClientEvents & { failed: boolean }> {
  try {
    const body = await apiRequest<z.infer<typeof ZClientEventsResponse>>(eventPaths.cliente);
    return { ...body.data, failed: false };
  } catch (error) {
    console.error('dashboard: loading events failed', error);
    return { ...EMPTY, failed: true };
  }
}

export function useClientEvents() {
  return useQuery({ queryKey: dashboardKeys.cliente, queryFn: fetchClientEvents, refetchOnMount: 'always' });
}
