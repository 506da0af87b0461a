import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { track } from '@/lib/tracking/tracking';
import { completeCustomization, customizationKeys, validateCustomization } from '../api/customizations-api';
import { resetDraft } from './draft-store';

/**
 * The summary's state (spec 001 §3): canFinalize and missingFields from the server's validation
 * on load, and the finalize call. A failed validation is only logged and lets the server judge.
 */
export function useSummary(customizationId: string) {
  const { t } = useTranslation('personalization');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const validation = useQuery({
    queryKey: customizationKeys.validate(customizationId),
    queryFn: async () => {
      try {
        return await validateCustomization(customizationId);
      } catch (error) {
        console.warn('personalization: validation failed', error);
        throw error;
      }
    },
    refetchOnMount: 'always',
  });

  const finalize = useMutation({
    mutationFn: async () => {
      const check = await validateCustomization(customizationId);
      queryClient.setQueryData(customizationKeys.validate(customizationId), check);
      if (!check.canFinalize) {
        const fields = check.missingRequiredFields.map((field) => t(`fields.${field}`)).join(', ');
        throw new Error(t('errors.missingFields', { fields }));
      }
      return completeCustomization(customizationId);
    },
    onSuccess: (result) => {
      track('personalization_completed', { customizationId, albumId: result.albumId });
      toast({ variant: 'success', title: t('summary.created'), description: t('summary.createdText', { code: result.accessCode }) });
      if (result.albumUrl) window.open(result.albumUrl, '_blank', 'noopener');
      resetDraft();
      void queryClient.invalidateQueries({ queryKey: ['customization'] });
      navigate('/auth');
    },
    onError: (error) => {
      console.error('personalization: finalize failed', error);
      track('personalization_finalize_failed', { customizationId, message: error instanceof Error ? error.message : String(error) });
      toast({ variant: 'destructive', title: t('errors.creationFailed'), description: error instanceof Error ? error.message : undefined });
    },
  });

  const missingFields = validation.data?.missingRequiredFields ?? [];
  // Unknown completeness (validation failed) does not block: the complete call re-checks.
  const canFinalize = validation.data ? validation.data.canFinalize : validation.isError;
  return { missingFields, canFinalize, isCompleting: finalize.isPending, finalize: () => finalize.mutate() };
}

/** Spec 001 §2: native sharing when the browser has it, else copy the link and say so. */
export function useShare() {
  const { t } = useTranslation('personalization');
  return async () => {
    track('personalization_share');
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: document.title, text: t('summary.shareText'), url });
      } catch {
        // The host closed the share sheet; nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ variant: 'success', title: t('summary.linkCopied'), description: t('summary.linkCopiedText') });
    } catch {
      toast({ variant: 'default', title: t('summary.share'), description: url });
    }
  };
}
