import { VISITOR_EMAIL_MARKER } from '@momentos/contract/constants';
import { useEffect } from 'react';
import { readCachedGeo } from '@/lib/geo';
import { readStorage, StorageKeys, writeStorage } from '@/lib/storage';
import { getTrackingSessionId } from '@/lib/tracking-session';

/** Spec 000 §7: once per browser, from the home page, when geolocation data exists; flagged on success. */
export function useInitialForm() {
  useEffect(() => {
    const geo = readCachedGeo();
    if (!geo || readStorage(StorageKeys.initialFormSent)) return;
    const body = { email: VISITOR_EMAIL_MARKER, session_id: getTrackingSessionId(), ...geo };
    fetch('/api/initial-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then((response) => {
        if (response.ok) writeStorage(StorageKeys.initialFormSent, new Date().toISOString());
      })
      .catch(() => {
        // Tried again on the next visit to the home page.
      });
  }, []);
}
