import type { InitialFormRequest, TrackEventRequest } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { NewTrackingEvent, TrackingRepository } from './tracking.repository.js';

export interface TrackingLimits {
  perIp: number;
  perSession: number;
  windowSeconds: number;
}

function toRow(event: TrackEventRequest): NewTrackingEvent {
  return {
    eventId: event.event_id ?? null,
    sessionId: event.session_id,
    eventType: event.event_type,
    eventData: event.event_data,
    clientTimestamp: new Date(event.timestamp),
  };
}

/**
 * Usage events and the initial form. Each request counts once, a batch included (batches are capped
 * at 50 events by the contract), against its browser session's limit and, higher, its client
 * address's: a wedding's phones share the venue's one address, and one chatty browser must not
 * spend their allowance.
 */
export function createTrackingService({
  repo,
  rateLimiter,
  limits,
}: {
  repo: TrackingRepository;
  rateLimiter: RateLimiter;
  limits: TrackingLimits;
}) {
  async function checkRate(ip: string, sessionId: string | undefined): Promise<void> {
    const byAddress = await rateLimiter.hit(`tracking:ip:${ip}`, limits.perIp, limits.windowSeconds);
    if (!byAddress.allowed) throw AppError.tooManyRequests(byAddress.retryAfterSeconds);
    if (!sessionId) return;
    const bySession = await rateLimiter.hit(`tracking:session:${sessionId}`, limits.perSession, limits.windowSeconds);
    if (!bySession.allowed) throw AppError.tooManyRequests(bySession.retryAfterSeconds);
  }

  return {
    async recordEvents(events: TrackEventRequest[], ip: string): Promise<number> {
      await checkRate(ip, events[0]?.session_id);
      return repo.insertEvents(events.map(toRow));
    },

    async recordInitialForm(form: InitialFormRequest, ip: string): Promise<void> {
      await checkRate(ip, form.session_id ?? undefined);
      await repo.insertInitialForm({
        email: form.email,
        sessionId: form.session_id ?? null,
        ip: form.ip ?? ip,
        country: form.country ?? null,
        countryCode: form.country_code ?? null,
        city: form.city ?? null,
      });
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
