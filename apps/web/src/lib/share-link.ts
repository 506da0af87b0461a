/**
 * Sharing an album's guest link the ways a host expects on a phone: the system share sheet where
 * the browser has one, WhatsApp (a wa.me link works on phones and laptops alike), or the clipboard.
 */
export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** 'cancelled' when the host closed the sheet; 'unavailable' when there is no sheet or it failed. */
export async function shareNatively(data: ShareData): Promise<'shared' | 'cancelled' | 'unavailable'> {
  if (!canShareNatively()) return 'unavailable';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'unavailable';
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** WhatsApp's own "send this text" link: the app on a phone, WhatsApp Web on a laptop. */
export function whatsAppUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
