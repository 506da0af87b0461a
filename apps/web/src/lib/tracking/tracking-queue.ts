import { readStorage, StorageKeys, writeStorage } from '../storage';

/** One usage event as POST /api/tracking/track takes it (spec 000 §3). */
export interface TrackingEvent {
  event_id: string;
  session_id: string;
  event_type: string;
  event_data: Record<string, unknown>;
  timestamp: string;
}

/** The queue keeps the newest events only, so a long offline stretch cannot fill the storage. */
export const MAX_QUEUED_EVENTS = 200;

export function readQueue(): TrackingEvent[] {
  const raw = readStorage(StorageKeys.trackingQueue);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as TrackingEvent[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(events: TrackingEvent[]): void {
  writeStorage(StorageKeys.trackingQueue, JSON.stringify(events.slice(-MAX_QUEUED_EVENTS)));
}

/** Adds events to the stored queue; spec 000 §3 marks each with queued_timestamp the first time. */
export function enqueue(events: TrackingEvent[]): void {
  if (events.length === 0) return;
  const queuedAt = new Date().toISOString();
  const marked = events.map((event) =>
    'queued_timestamp' in event.event_data
      ? event
      : { ...event, event_data: { ...event.event_data, queued_timestamp: queuedAt } },
  );
  writeQueue([...readQueue(), ...marked]);
}

/** Empties the queue and hands back what it held; the caller requeues whatever fails to send. */
export function takeQueue(): TrackingEvent[] {
  const events = readQueue();
  if (events.length > 0) writeQueue([]);
  return events;
}
