import { TRACKING_BATCH_MAX_EVENTS } from '@momentos/contract/constants';
import { getTrackingSessionId } from '../tracking-session';
import { enqueue, takeQueue, type TrackingEvent } from './tracking-queue';

type SendResult = 'sent' | 'retry' | 'drop';

function newEventId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  // Without randomUUID (very old browsers, plain http) the server simply cannot de-duplicate.
  return '';
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

// keepalive lets a single event leave even while the page unloads (a click that navigates away).
async function send(path: string, body: unknown, keepalive: boolean): Promise<SendResult> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      keepalive,
    });
    if (response.ok) return 'sent';
    // A refused shape will never be accepted; anything else (429, 5xx) may pass later.
    return response.status === 400 || response.status === 413 ? 'drop' : 'retry';
  } catch {
    return 'retry';
  }
}

function withoutEmptyId(event: TrackingEvent): Omit<TrackingEvent, 'event_id'> & { event_id?: string } {
  return event.event_id ? event : { ...event, event_id: undefined };
}

/**
 * Records a usage event. Never throws and never waits: while online it is sent at once; offline,
 * or when the send fails, it goes to the stored queue (spec 000 §4). The checkout calls this too.
 */
export function track(eventType: string, data: Record<string, unknown> = {}): void {
  const event: TrackingEvent = {
    event_id: newEventId(),
    session_id: getTrackingSessionId(),
    event_type: eventType,
    event_data: data,
    timestamp: new Date().toISOString(),
  };
  if (!isOnline()) {
    enqueue([event]);
    return;
  }
  void send('/api/tracking/track', withoutEmptyId(event), true).then((result) => {
    if (result === 'retry') enqueue([event]);
  });
}

let isFlushing = false;

/** Sends the stored queue in batches; whatever fails goes back into the queue. */
export async function flushTrackingQueue(): Promise<void> {
  if (isFlushing || !isOnline()) return;
  isFlushing = true;
  try {
    const events = takeQueue();
    for (let start = 0; start < events.length; start += TRACKING_BATCH_MAX_EVENTS) {
      const batch = events.slice(start, start + TRACKING_BATCH_MAX_EVENTS);
      const result = await send('/api/tracking/batch', { events: batch.map(withoutEmptyId) }, false);
      if (result === 'retry') {
        enqueue(events.slice(start));
        break;
      }
    }
  } finally {
    isFlushing = false;
  }
}

let isStarted = false;

/** Flushes what an earlier visit left queued, and again whenever the connection returns. */
export function startTracking(): void {
  if (isStarted) return;
  isStarted = true;
  window.addEventListener('online', () => void flushTrackingQueue());
  void flushTrackingQueue();
}
