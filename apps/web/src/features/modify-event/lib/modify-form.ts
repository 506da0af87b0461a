import { CUSTOMIZATION_FLAG_FIELDS, FONT_HEIGHT_MAX, FONT_HEIGHT_MIN } from '@momentos/contract/constants';
import { CUSTOMIZATION_FIELDS, type Customization, type CustomizationField } from '@momentos/contract';
import { buildSavePayload, isFieldAllowed, type Permissions, type SavePayload } from '@/features/personalization';

/** The modify screen's values: texts as typed, font size as typed text, flags as booleans. */
export type ModifyForm = Record<CustomizationField, string | boolean | null>;

/** The Features tab's toggles: every flag but notices, which sits on the Visual tab. */
export const FEATURE_FLAGS = CUSTOMIZATION_FLAG_FIELDS.filter((field) => field !== 'enable_notices');

export function formFromCustomization(c: Customization): ModifyForm {
  const form = {} as ModifyForm;
  for (const field of CUSTOMIZATION_FIELDS) {
    const value = c[field];
    form[field] = typeof value === 'number' ? String(value) : value;
  }
  return form;
}

export function isFontHeightValid(value: string | boolean | null): boolean {
  const number = Number(value);
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isInteger(number) &&
    number >= FONT_HEIGHT_MIN &&
    number <= FONT_HEIGHT_MAX
  );
}

/**
 * The PATCH body: every field the plan allows (a locked one would only come back rejected),
 * through the same payload rules as the wizard (empties dropped, booleans, a numeric size).
 */
export function modifyPayload(form: ModifyForm, permissions: Permissions | undefined): SavePayload {
  const allowed = CUSTOMIZATION_FIELDS.filter((field) => isFieldAllowed(field, permissions));
  return buildSavePayload(Object.fromEntries(allowed.map((field) => [field, form[field]])));
}
