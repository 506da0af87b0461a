import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { logout } from '../api/auth-api';
import { clearSession } from '../session';

/** Logs out: tells the server (failure ignored), clears the session, broadcasts it, goes home. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The local session is dropped regardless; a stale server session expires on its own.
    }
    clearSession();
    queryClient.clear();
    toast({ title: t('nav.logoutSuccess'), variant: 'success' });
    await navigate('/');
  }, [navigate, queryClient, t]);
}
