import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { useAuth } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { track } from '@/lib/tracking/tracking';
import { startCustomization } from '../api/customizations-api';
import { valuesFromCustomization } from '../lib/draft';
import { getDraft, resetDraft, updateDraft, useDraft } from './draft-store';

export type WizardGate =
  | { kind: 'redirect'; to: string }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'expired' }
  | { kind: 'ready'; customizationId: string };

// These say the order cannot be personalised at all; the host is sent back to the account
// with the reason (spec 001 §4: on failure the user goes to /auth).
const HOPELESS_CODES = new Set(['ORDER_NOT_PAID', 'ORDER_ALREADY_REDEEMED', 'NOT_FOUND']);

function isExpiry(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 401 || error.code === 'ORDER_ID_REQUIRED' || /orderId/i.test(error.message))
  );
}

/**
 * Who may see a wizard page (spec 001 §2, §4). Step 1 starts the customization from ?orderId
 * when the draft does not hold one for that order; step 2 and the summary need a held id.
 */
export function useWizardGate(page: 1 | 2 | 'summary'): WizardGate {
  const { t } = useTranslation(['personalization', 'common']);
  const { isLoggedIn } = useAuth();
  const [params] = useSearchParams();
  const draft = useDraft();
  const [failure, setFailure] = useState<{ orderId: string; error: unknown } | null>(null);
  const queryOrderId = page === 1 ? params.get('orderId') : null;
  const orderId = queryOrderId ?? (page === 1 && !draft.customizationId ? draft.orderId : null);
  const needsStart = !!orderId && (draft.orderId !== orderId || !draft.customizationId);
  const failed = failure !== null && failure.orderId === orderId;

  useEffect(() => {
    if (!needsStart || !orderId || !isLoggedIn || failed) return;
    let cancelled = false;
    // Another order's draft must not leak into this one.
    if (getDraft().orderId !== orderId) resetDraft({ orderId });
    startCustomization(orderId)
      .then((customization) => {
        if (cancelled) return;
        const values = valuesFromCustomization(customization);
        updateDraft((d) => ({
          ...d,
          orderId,
          customizationId: customization.id,
          confirmed: values,
          temporary: values,
        }));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('personalization: start failed', error);
        track('personalization_init_failed', { orderId, code: error instanceof ApiError ? error.code : undefined });
        if (error instanceof ApiError && error.code && HOPELESS_CODES.has(error.code)) {
          toast({
            variant: 'destructive',
            title: t('errors.initFailed'),
            description: describeError(t, error, t('errors.general')),
          });
        }
        setFailure({ orderId, error });
      });
    return () => {
      cancelled = true;
    };
  }, [needsStart, orderId, isLoggedIn, failed, t]);

  if (!orderId && !draft.customizationId) {
    return { kind: 'redirect', to: page === 1 && !draft.orderId ? '/auth' : '/personalization/step-1' };
  }
  if (!isLoggedIn) return { kind: 'expired' };
  if (failed) {
    const error = failure.error;
    if (isExpiry(error)) return { kind: 'expired' };
    if (error instanceof ApiError && error.code && HOPELESS_CODES.has(error.code))
      return { kind: 'redirect', to: '/auth' };
    return { kind: 'error', message: describeError(t, error, t('errors.initFailed')) };
  }
  if (needsStart || !draft.customizationId) return { kind: 'loading' };
  return { kind: 'ready', customizationId: draft.customizationId };
}
