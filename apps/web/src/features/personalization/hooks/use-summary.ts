import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { copyText, shareNatively } from '@/lib/share-link';
import { track } from '@/lib/tracking/tracking';
import {
  completeCustomization,
  customizationKeys,
  fetchCustomization,
  validateCustomization,
} from '../api/customizations-api';
import { resetDraft } from './draft-store';

/**
 * The summary's state (spec 001 §3): canFinalize and missingFields from the server's validation
 * on load, and the finalize call. A failed validation is only logged and lets the server judge.
 */
export function useSummary(customizationId: string) {
  const { t } = useTranslation('personalization');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The draft goes once the summary is gone: while the next screen loads, a summary without its
  // draft would send the host back to step 1.
  const finished = useRef(false);
  useEffect(() => () => void (finished.current && resetDraft()), []);
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
      void queryClient.invalidateQueries({ queryKey: ['customization'] });
      // The album-ready screen: its code, link and QR code with ways to share them. No new tab (the
      // guest album would ask the host for the code nobody had shown them yet).
      finished.current = true;
      navigate(`/album-detail/${encodeURIComponent(result.albumId)}/ready`);
    },
    onError: (error) => {
      console.error('personalization: finalize failed', error);
      track('personalization_finalize_failed', {
        customizationId,
        message: error instanceof Error ? error.message : String(error),
      });
      // A server refusal in the host's language; our own missing-fields error is already translated.
      const description =
        error instanceof ApiError ? describeError(t, error) : error instanceof Error ? error.message : undefined;
      toast({ variant: 'destructive', title: t('errors.creationFailed'), description });
    },
  });

  const missingFields = validation.data?.missingRequiredFields ?? [];
  // Unknown completeness (validation failed) does not block: the complete call re-checks.
  const canFinalize = validation.data ? validation.data.canFinalize : validation.isError;
  return { missingFields, canFinalize, isCompleting: finalize.isPending, finalize: () => finalize.mutate() };
}

/**
 * Spec 001 §2's share, of the album's guest link (/guest/{code}), never this private page: native
 * sharing where the browser has it, else the link is copied. Before the album exists there is no
 * link to share, so sharing creates the album first and lands on the ready screen, which shares it.
 */
export function useShare(customizationId: string, createAlbum: () => void) {
  const { t } = useTranslation('personalization');
  const customization = useQuery({
    queryKey: customizationKeys.one(customizationId),
    queryFn: () => fetchCustomization(customizationId),
  });
  return async () => {
    track('personalization_share');
    const code = customization.data?.access_code;
    if (!code) {
      createAlbum();
      return;
    }
    const url = `${window.location.origin}/guest/${encodeURIComponent(code)}`;
    const outcome = await shareNatively({ title: document.title, text: t('summary.shareText'), url });
    if (outcome !== 'unavailable') return;
    if (await copyText(url))
      toast({ variant: 'success', title: t('summary.linkCopied'), description: t('summary.linkCopiedText') });
    else toast({ variant: 'default', title: t('summary.share'), description: url });
  };
}
