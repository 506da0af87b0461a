import type { CustomizationField } from '@momentos/contract';
import { musicAddressProblem } from '@momentos/contract/page-addresses';
import type { DraftValues } from './draft';

/** Spec 001 §4: the eight sub-steps in order; step-1 holds the first five, step-2 the rest. */
export const STEP1_SUBSTEPS = ['name', 'description', 'date', 'location', 'cover'] as const;
export const STEP2_SUBSTEPS = ['font', 'music', 'singles'] as const;
export type Step1SubStep = (typeof STEP1_SUBSTEPS)[number];
export type Step2SubStep = (typeof STEP2_SUBSTEPS)[number];
export type SubStep = Step1SubStep | Step2SubStep;
export type WizardPage = 1 | 2;

/** Spec 001 §9: seven steps in all; step-2's numbers are 5, 6, 7 (cover and font both show 5). */
export const TOTAL_PROGRESS = 7;

export const STEP_PATHS = { 1: '/personalization/step-1', 2: '/personalization/step-2' } as const;
export const SUMMARY_PATH = '/personalization/summary';

export function subStepsOf(page: WizardPage): readonly SubStep[] {
  return page === 1 ? STEP1_SUBSTEPS : STEP2_SUBSTEPS;
}

/** The sub-step named by ?step when it belongs to this page, else the page's first one. */
export function parseSubStep(page: WizardPage, raw: string | null): SubStep {
  const steps = subStepsOf(page);
  return steps.find((step) => step === raw) ?? steps[0]!;
}

export function progressOf(page: WizardPage, step: SubStep): number {
  const index = subStepsOf(page).indexOf(step);
  return page === 1 ? index + 1 : index + 5;
}

/** The API field each sub-step edits; the permission check and the lock use it. */
export const STEP_FIELD: Record<SubStep, CustomizationField> = {
  name: 'event_name',
  description: 'event_description',
  date: 'event_date',
  location: 'event_location',
  cover: 'cover_image_url',
  font: 'font_type',
  music: 'music_url',
  singles: 'enable_parejas',
};

/** Spec 001 §5's continue rules; a locked step never blocks (PRODUCT.md). */
export function canContinue(step: SubStep, values: DraftValues, locked = false): boolean {
  if (locked) return true;
  switch (step) {
    case 'name':
      return values.eventName.trim() !== '';
    case 'date':
      return values.eventDate !== '';
    case 'location':
      return values.eventLocation.trim() !== '';
    case 'font':
      return values.fontStyle !== '';
    case 'music':
      // An http:// song would be saved and then blocked on the album page (page-addresses.ts).
      return values.musicStyle.trim() !== '' && musicAddressProblem(values.musicStyle) === null;
    case 'description':
    case 'cover':
    case 'singles':
      return true;
  }
}

/** Where Back leads from a sub-step (spec 001 §2). */
export function backTarget(page: WizardPage, step: SubStep): { path: string; step?: SubStep } {
  const steps = subStepsOf(page);
  const index = steps.indexOf(step);
  if (index > 0) return { path: STEP_PATHS[page], step: steps[index - 1] };
  return page === 1 ? { path: '/auth' } : { path: STEP_PATHS[1], step: 'cover' };
}

/** Where Continue leads once the sub-step is saved. */
export function nextTarget(page: WizardPage, step: SubStep): { path: string; step?: SubStep } {
  const steps = subStepsOf(page);
  const index = steps.indexOf(step);
  if (index < steps.length - 1) return { path: STEP_PATHS[page], step: steps[index + 1] };
  return page === 1 ? { path: STEP_PATHS[2] } : { path: SUMMARY_PATH };
}
