import { CUSTOMIZATION_FLAG_FIELDS, FONT_HEIGHT_MAX, FONT_HEIGHT_MIN } from '@momentos/contract/constants';
import { CUSTOMIZATION_FIELDS, type Customization, type CustomizationField } from '@momentos/contract';
import { coverAddressProblem, musicAddressProblem, type AddressProblem } from '@momentos/contract/page-addresses';
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

/** The fields the album pages load from an address (page-addresses.ts in the contract). */
export const ADDRESS_FIELDS = ['cover_image_url', 'music_url'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
const PROBLEM_OF = { cover_image_url: coverAddressProblem, music_url: musicAddressProblem };

/** Why the album pages could not load the field's address, or null. */
export function addressProblem(form: ModifyForm, field: AddressField): AddressProblem | null {
  const value = form[field];
  return typeof value === 'string' ? PROBLEM_OF[field](value) : null;
}

/**
 * The first address the host typed that the pages could not load: the save waits for it. One saved
 * before the API refused such addresses and left as it was does not hold the other fields back.
 */
export function blockingAddress(form: ModifyForm, initial: ModifyForm): AddressField | null {
  return ADDRESS_FIELDS.find((field) => form[field] !== initial[field] && addressProblem(form, field)) ?? null;
}

/**
 * The PATCH body: every field the plan allows (a locked one would only come back rejected),
 * through the same payload rules as the wizard (empties dropped, booleans, a numeric size). An
 * unchanged old address the API would now refuse is not sent back.
 */
export function modifyPayload(
  form: ModifyForm,
  permissions: Permissions | undefined,
  initial?: ModifyForm,
): SavePayload {
  const refusedAsItWas = (field: CustomizationField) =>
    (ADDRESS_FIELDS as readonly string[]).includes(field) &&
    form[field] === initial?.[field] &&
    addressProblem(form, field as AddressField) !== null;
  const allowed = CUSTOMIZATION_FIELDS.filter((field) => isFieldAllowed(field, permissions) && !refusedAsItWas(field));
  return buildSavePayload(Object.fromEntries(allowed.map((field) => [field, form[field]])));
}
