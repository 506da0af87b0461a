import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { verifyCheckoutSession } from '@/features/checkout';
import { track } from '@/lib/tracking/tracking';
import { ADDON_SESSION_PARAM, albumKeys } from '../api/album-detail-api';

/**
 * Back from paying for an add-on: the session is verified (which confirms it if the provider's
 * webhook has not yet), the album is read again so the download shows, and the parameter leaves
 * the address so a reload does not repeat it.
 */
export function useAddonReturn(id: string) {
  const { t } = useTranslation('albumDetail');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get(ADDON_SESSION_PARAM);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    verifyCheckoutSession(sessionId)
      .then(() => {
        track('album_addon_paid', { album_id: id, addon: 'album_download' });
        toast({ variant: 'success', title: t('addon.activated'), description: t('addon.activatedText') });
      })
      .catch((error: unknown) => {
        console.warn('album-detail: add-on session not confirmed', error);
        toast({ variant: 'destructive', title: t('addon.notConfirmed'), description: t('addon.notConfirmedText') });
      })
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: albumKeys.details(id) });
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(ADDON_SESSION_PARAM);
            return next;
          },
          { replace: true },
        );
      });
  }, [sessionId, id, t, queryClient, setParams]);
}
