import { useCallback, useState } from 'react';
import { readStorage, removeStorage, StorageKeys, writeStorage } from '@/lib/storage';
import type { TicketRef } from '../api/tickets-api';

export function readStoredTicket(): TicketRef | null {
  const raw = readStorage(StorageKeys.helpCenterTicket);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<TicketRef>;
    if (typeof parsed.id !== 'string') return null;
    return typeof parsed.secret === 'string' ? { id: parsed.id, secret: parsed.secret } : { id: parsed.id };
  } catch {
    return null;
  }
}

/** The help-center ticket kept in local storage, so the conversation survives a reload. */
export function useStoredTicket() {
  const [ticket, setTicket] = useState<TicketRef | null>(readStoredTicket);
  const remember = useCallback((ref: TicketRef) => {
    writeStorage(StorageKeys.helpCenterTicket, JSON.stringify(ref));
    setTicket(ref);
  }, []);
  const forget = useCallback(() => {
    removeStorage(StorageKeys.helpCenterTicket);
    setTicket(null);
  }, []);
  return { ticket, remember, forget };
}
