import { readStorage, StorageKeys, writeStorage } from './storage';

/**
 * The visitor's tracking session id, created once and kept so a sign-up can be attributed to the
 * visit that led to it. The tracking feature itself comes later and will reuse this id.
 */
export function getTrackingSessionId(): string {
  const existing = readStorage(StorageKeys.trackingSessionId);
  if (existing) return existing;
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeStorage(StorageKeys.trackingSessionId, id);
  return id;
}
