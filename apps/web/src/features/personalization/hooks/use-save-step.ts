import type { CustomizationField } from '@momentos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { track } from '@/lib/tracking/tracking';
import { customizationKeys, updateCustomization } from '../api/customizations-api';
import { uploadImage } from '../api/upload-image';
import { buildSavePayload, DRAFT_TO_API, draftFields, type DraftValues } from '../lib/draft';
import { isFieldAllowed, type Permissions } from '../lib/locks';
import { STEP_FIELD, type SubStep } from '../lib/steps';
import { confirmDraft, getCoverFile, getDraft, setCoverFile, setTemporary } from './draft-store';

/** Spec 001 §4: the draft fields each sub-step saves; singles sends the whole of step 2. */
const STEP_KEYS: Record<SubStep, (keyof DraftValues)[]> = {
  name: ['eventName'],
  description: ['eventDescription'],
  date: ['eventDate'],
  location: ['eventLocation'],
  cover: ['coverImageUrl'],
  font: ['fontStyle'],
  music: ['musicStyle'],
  singles: ['fontStyle', 'musicStyle', 'singlesFeature'],
};

/** Shows the plan-restriction toast naming the rejected fields by their labels (spec 001 §6). */
export function usePlanRestrictionToast() {
  const { t } = useTranslation('personalization');
  return (fields: readonly CustomizationField[]) => {
    if (fields.length === 0) return;
    const labels = fields.map((field) => t(`fields.${field}`)).join(', ');
    toast({
      variant: 'destructive',
      title: t('errors.planRestrictionTitle'),
      description: t('errors.planRestriction', { fields: labels }),
    });
  };
}

/**
 * Continue's work: confirm the temporary values, upload a chosen cover, then save the step's
 * fields. Resolves true only when the host may move on; a locked step saves nothing.
 */
export function useSaveStep(customizationId: string, permissions: Permissions | undefined) {
  const { t } = useTranslation(['personalization', 'common']);
  const queryClient = useQueryClient();
  const showRestriction = usePlanRestrictionToast();
  const [saving, setSaving] = useState(false);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);

  async function uploadCover(): Promise<boolean> {
    const file = getCoverFile();
    if (!file) return true;
    setUploadPercent(0);
    try {
      const url = await uploadImage(file, setUploadPercent);
      setTemporary({ coverImageUrl: url });
      setCoverFile(null);
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: t('errors.uploadFailed', { error: describeError(t, error) }) });
      return false;
    } finally {
      setUploadPercent(null);
    }
  }

  async function save(step: SubStep, locked: boolean): Promise<boolean> {
    confirmDraft();
    if (locked) return true;
    setSaving(true);
    try {
      if (step === 'cover' && !(await uploadCover())) return false;
      confirmDraft();
      const keys = STEP_KEYS[step].filter(
        (key) => step !== 'singles' || isFieldAllowed(DRAFT_TO_API[key], permissions),
      );
      const payload = buildSavePayload(draftFields(getDraft().confirmed, keys));
      if (Object.keys(payload).length === 0) return true;
      const result = await updateCustomization(customizationId, payload);
      showRestriction(result.rejectedFields);
      await queryClient.invalidateQueries({ queryKey: customizationKeys.one(customizationId) });
      track('personalization_step_saved', { step });
      return true;
    } catch (error) {
      console.error('personalization: save failed', error);
      const description =
        error instanceof ApiError && error.code === 'VALIDATION_ERROR'
          ? t('errors.invalidField', { field: t(`fields.${STEP_FIELD[step]}`) })
          : describeError(t, error);
      toast({ variant: 'destructive', title: t('errors.saveFailed'), description });
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { save, saving, uploadPercent };
}
