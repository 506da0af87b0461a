import type { CustomizationField } from '@momentos/contract';
import type { Permissions } from '@/features/personalization';
import type { ModifyForm } from '../lib/modify-form';

/** What the editor hands each of its tabs; apart from the editor so the tabs never import it back. */
export interface TabProps {
  form: ModifyForm;
  permissions: Permissions | undefined;
  set: (field: CustomizationField, value: string | boolean) => void;
}
