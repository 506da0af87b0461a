import {
  CUSTOMIZATION_FIELDS,
  PLAN_LIMITS,
  REQUIRED_CUSTOMIZATION_FIELDS,
  type AllowedField,
  type CustomizationField,
  type PlanTier,
} from '@momentos/contract';

const TIER_ORDER: readonly PlanTier[] = ['basic', 'plus', 'premium', 'elite'];

/** The cheapest tier whose `PLAN_LIMITS` row includes a feature: the plan cards and this table read one source. */
const lowestTierWith = (feature: 'faceSearch') => TIER_ORDER.find((tier) => PLAN_LIMITS[tier][feature]) ?? null;

/** PRODUCT.md's table: the lowest tier that lets the host edit each field. */
const LOWEST_TIER: Record<CustomizationField, PlanTier | null> = {
  event_name: 'basic',
  event_date: 'basic',
  event_location: 'basic',
  event_description: 'basic',
  cover_image_url: 'basic',
  enable_notices: 'basic',
  // Not the host's choice but their browser's, sent with every save: the upload window ends there.
  time_zone: 'basic',
  // Not in PRODUCT.md's table: every host decides whether guests may download what they see.
  enable_guest_downloads: 'basic',
  // Every plan has a guestbook: every host decides whether guests may read it.
  enable_public_guestbook: 'basic',
  font_type: 'plus',
  font_height: 'plus',
  music_url: 'plus',
  enable_parejas: 'plus',
  enable_verification: 'premium',
  enable_basic_analytics: 'premium',
  enable_bilingual: 'elite',
  enable_advanced_analytics: 'elite',
  priority_support: 'elite',
  enable_zip_download: 'premium',
  enable_face_search: lowestTierWith('faceSearch'),
};

/** Add-ons that open a field on a tier below its own. */
const OPENED_BY_ADDON: Partial<Record<CustomizationField, readonly string[]>> = {
  enable_advanced_analytics: ['advanced_analytics'],
  priority_support: ['priority_support', 'dedicated_support'],
  enable_zip_download: ['album_download'],
};

const FIELD_SPECS: Record<CustomizationField, Omit<AllowedField, 'fieldName' | 'required'>> = {
  event_name: { type: 'text', maxLength: 120 },
  event_date: { type: 'date' },
  event_location: { type: 'text', maxLength: 200 },
  event_description: { type: 'text', maxLength: 2000 },
  cover_image_url: { type: 'url', maxLength: 500 },
  font_type: { type: 'font' },
  font_height: { type: 'number', min: 8, max: 72 },
  music_url: { type: 'text', maxLength: 500 },
  enable_notices: { type: 'boolean' },
  enable_parejas: { type: 'boolean' },
  enable_verification: { type: 'boolean' },
  enable_basic_analytics: { type: 'boolean' },
  enable_advanced_analytics: { type: 'boolean' },
  enable_bilingual: { type: 'boolean' },
  priority_support: { type: 'boolean' },
  enable_zip_download: { type: 'boolean' },
  time_zone: { type: 'time_zone', maxLength: 64 },
  enable_guest_downloads: { type: 'boolean' },
  enable_public_guestbook: { type: 'boolean' },
  enable_face_search: { type: 'boolean' },
};

export function fieldSpec(field: CustomizationField) {
  return FIELD_SPECS[field];
}

export interface Entitlement {
  tier: PlanTier;
  addons: readonly string[];
}

export function isFieldAllowed(field: CustomizationField, { tier, addons }: Entitlement): boolean {
  const lowest = LOWEST_TIER[field];
  if (lowest && TIER_ORDER.indexOf(tier) >= TIER_ORDER.indexOf(lowest)) return true;
  return (OPENED_BY_ADDON[field] ?? []).some((addon) => addons.includes(addon));
}

/** The permissions response: what the plan lets the host edit, and what would open the rest. */
export function describePermissions(entitlement: Entitlement) {
  const allowedFields: AllowedField[] = [];
  const lockedFields: Array<{ fieldName: CustomizationField; unlockedBy: PlanTier | null; addon: string | null }> = [];
  for (const field of CUSTOMIZATION_FIELDS) {
    if (isFieldAllowed(field, entitlement)) {
      allowedFields.push({
        fieldName: field,
        required: (REQUIRED_CUSTOMIZATION_FIELDS as readonly string[]).includes(field),
        ...FIELD_SPECS[field],
      });
    } else {
      lockedFields.push({
        fieldName: field,
        unlockedBy: LOWEST_TIER[field],
        addon: OPENED_BY_ADDON[field]?.[0] ?? null,
      });
    }
  }
  return { allowedFields, lockedFields };
}
