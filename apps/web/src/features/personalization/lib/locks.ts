import type { CustomizationField, PermissionsResponse } from '@momentos/contract';
import { STEP_FIELD, type SubStep } from './steps';

export type Permissions = PermissionsResponse['data'];

export interface LockInfo {
  /** The cheapest plan that opens the field, when a plan does. */
  unlockedBy: string | null;
  /** The add-on that opens it on the current plan, when one does. */
  addon: string | null;
}

/**
 * A field is locked only when permissions are known and leave it out: a failed permissions load
 * is only logged (spec 001 §8), so it must not lock anything and the server stays the judge.
 */
export function fieldLock(field: CustomizationField, permissions: Permissions | undefined): LockInfo | null {
  if (!permissions) return null;
  if (permissions.allowedFields.some((allowed) => allowed.fieldName === field)) return null;
  const locked = permissions.lockedFields.find((entry) => entry.fieldName === field);
  return { unlockedBy: locked?.unlockedBy ?? null, addon: locked?.addon ?? null };
}

export function stepLock(step: SubStep, permissions: Permissions | undefined): LockInfo | null {
  return fieldLock(STEP_FIELD[step], permissions);
}

export function isFieldAllowed(field: CustomizationField, permissions: Permissions | undefined): boolean {
  return fieldLock(field, permissions) === null;
}
