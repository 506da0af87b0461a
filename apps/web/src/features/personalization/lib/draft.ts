import type { Customization, CustomizationField } from '@momentos/contract';
import { CUSTOMIZATION_FLAG_FIELDS } from '@momentos/contract/constants';

/** Spec 001 §3's personalization draft values (camelCase, client side). */
export interface DraftValues {
  eventName: string;
  eventDescription: string;
  /** YYYY-MM-DD or ''. */
  eventDate: string;
  eventLocation: string;
  coverImageUrl: string;
  /** The chosen font's display name (font_type). */
  fontStyle: string;
  /** Free text or a link (music_url). */
  musicStyle: string;
  /** null while unchosen. */
  singlesFeature: boolean | null;
}

export interface Draft {
  customizationId: string | null;
  orderId: string | null;
  /** What the preview shows; Continue copies `temporary` here. */
  confirmed: DraftValues;
  /** What the inputs edit. */
  temporary: DraftValues;
  /** Preview fields already revealed, so they animate only the first time (spec 001 §3). */
  shown: string[];
}

export const EMPTY_VALUES: DraftValues = {
  eventName: '',
  eventDescription: '',
  eventDate: '',
  eventLocation: '',
  coverImageUrl: '',
  fontStyle: '',
  musicStyle: '',
  singlesFeature: null,
};

export const EMPTY_DRAFT: Draft = {
  customizationId: null,
  orderId: null,
  confirmed: EMPTY_VALUES,
  temporary: EMPTY_VALUES,
  shown: [],
};

/** The draft values held by the server for a customization. */
export function valuesFromCustomization(c: Customization): DraftValues {
  return {
    eventName: c.event_name,
    eventDescription: c.event_description,
    eventDate: c.event_date,
    eventLocation: c.event_location,
    coverImageUrl: c.cover_image_url,
    fontStyle: c.font_type,
    musicStyle: c.music_url,
    singlesFeature: c.enable_parejas,
  };
}

/** Draft value name → API field (spec 001 §3's mapping). */
export const DRAFT_TO_API: Record<keyof DraftValues, CustomizationField> = {
  eventName: 'event_name',
  eventDescription: 'event_description',
  eventDate: 'event_date',
  eventLocation: 'event_location',
  coverImageUrl: 'cover_image_url',
  fontStyle: 'font_type',
  musicStyle: 'music_url',
  singlesFeature: 'enable_parejas',
};

export type SavePayload = Partial<Record<CustomizationField, string | number | boolean>>;

// A plain list, not a module-level Set: building a Set is a side effect to the bundler, which would
// then ship this file in the first bundle (the feature's index.ts is imported by the route table).
const isBooleanField = (field: string) => (CUSTOMIZATION_FLAG_FIELDS as readonly string[]).includes(field);
/**
 * Spec 001 §5's save payload rules: empty, null and undefined values are dropped, flags go as
 * booleans (the strings "true"/"false" included) and font_height as a number.
 */
export function buildSavePayload(fields: Partial<Record<CustomizationField, unknown>>): SavePayload {
  const payload: SavePayload = {};
  for (const [field, value] of Object.entries(fields) as [CustomizationField, unknown][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (isBooleanField(field)) {
      if (value === true || value === 'true') payload[field] = true;
      else if (value === false || value === 'false') payload[field] = false;
      continue;
    }
    if (field === 'font_height') {
      const number = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(number)) payload[field] = number;
      continue;
    }
    payload[field] = typeof value === 'string' ? value.trim() : String(value);
  }
  return payload;
}

/** The API fields a draft holds, named by their draft keys. */
export function draftFields(
  values: DraftValues,
  keys: (keyof DraftValues)[],
): Partial<Record<CustomizationField, unknown>> {
  return Object.fromEntries(keys.map((key) => [DRAFT_TO_API[key], values[key]]));
}
