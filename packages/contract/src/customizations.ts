import { z } from 'zod';

import { successEnvelope, withErrorCode, ZMultiLineText, ZSingleLineText } from './common.js';
import { CUSTOMIZATION_FLAG_FIELDS } from './constants.js';
import { ErrorCode } from './errors.js';
import { coverAddressProblem, musicAddressProblem, type AddressProblem } from './page-addresses.js';

/** Every field of spec 001 section 3, in the order the modify screen shows them. */
export const CUSTOMIZATION_FIELDS = [
  'event_name',
  'event_date',
  'event_location',
  'event_description',
  'cover_image_url',
  'font_type',
  'font_height',
  'music_url',
  ...CUSTOMIZATION_FLAG_FIELDS,
  'time_zone',
] as const;
export const ZCustomizationField = z.enum(CUSTOMIZATION_FIELDS);
export type CustomizationField = z.infer<typeof ZCustomizationField>;

export const REQUIRED_CUSTOMIZATION_FIELDS = ['event_name', 'event_date', 'event_location'] as const;

export const ZCustomization = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  status: z.enum(['draft', 'completed']),
  album_id: z.uuid().nullable(),
  /** The album's 6-digit guest code once the customization is completed. */
  access_code: z.string().nullable(),
  event_name: z.string(),
  /** A calendar date, YYYY-MM-DD, or '' while unset. */
  event_date: z.string(),
  event_location: z.string(),
  event_description: z.string(),
  cover_image_url: z.string(),
  font_type: z.string(),
  font_height: z.number().int(),
  music_url: z.string(),
  enable_notices: z.boolean(),
  enable_parejas: z.boolean().nullable(),
  enable_verification: z.boolean(),
  enable_basic_analytics: z.boolean(),
  enable_advanced_analytics: z.boolean(),
  enable_bilingual: z.boolean(),
  priority_support: z.boolean(),
  enable_zip_download: z.boolean(),
  enable_guest_downloads: z.boolean(),
  enable_public_guestbook: z.boolean(),
  enable_face_search: z.boolean(),
  /** The host's IANA time zone, sent by the browser with each save: the upload window's last day ends there. '' unknown. */
  time_zone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customization = z.infer<typeof ZCustomization>;

export const ZStartCustomizationRequest = z.object({ orderId: ZSingleLineText.max(100).optional() });
export const ZCustomizationResponse = successEnvelope(ZCustomization).extend({ message: z.string().optional() });
export type CustomizationResponse = z.infer<typeof ZCustomizationResponse>;
export const ZCustomizationsResponse = successEnvelope(z.array(ZCustomization));
export const ZCustomizationParams = z.object({ id: z.uuid() });

const ZPatchText = ZSingleLineText.nullish();

/** An address the album pages load: one they would block is refused here, with its own code, before it is stored. */
const pageAddress = (problemOf: (value: string) => AddressProblem | null) =>
  ZPatchText.refine((value) => typeof value !== 'string' || problemOf(value) !== 'not_https', {
    message: 'must be an https:// address or an uploaded file (the album pages cannot load http:// or other schemes)',
    params: withErrorCode(ErrorCode.URL_NOT_HTTPS),
  });

/**
 * The PATCH body: snake_case fields, any subset. Empty values are dropped before validation,
 * and the strings "true"/"false" count as booleans (spec 001 section 5). The texts' control
 * characters and addresses the album pages cannot load (page-addresses.ts) are refused here; lengths,
 * dates, other addresses, fonts, numbers, booleans and unknown fields are the service's
 * (customization-payload.ts), which answers in the spec's words.
 */
export const ZUpdateCustomizationRequest = z
  .object({
    event_name: ZPatchText,
    event_date: ZPatchText,
    event_location: ZPatchText,
    event_description: ZMultiLineText.nullish(),
    cover_image_url: pageAddress(coverAddressProblem),
    font_type: ZPatchText,
    music_url: pageAddress(musicAddressProblem),
    time_zone: ZPatchText,
  })
  .catchall(z.unknown());
export const ZUpdateCustomizationResponse = successEnvelope(
  z.object({
    customization: ZCustomization,
    rejectedFields: z.array(ZCustomizationField),
    savedFields: z.array(ZCustomizationField),
  }),
);
export type UpdateCustomizationResponse = z.infer<typeof ZUpdateCustomizationResponse>;

export const ZAllowedField = z.object({
  fieldName: ZCustomizationField,
  required: z.boolean(),
  type: z.enum(['text', 'date', 'url', 'number', 'boolean', 'font', 'time_zone']),
  maxLength: z.number().int().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type AllowedField = z.infer<typeof ZAllowedField>;

export const ZPlanTierName = z.enum(['basic', 'plus', 'premium', 'elite']);

export const ZPermissionsResponse = successEnvelope(
  z.object({
    tier: ZPlanTierName,
    allowedFields: z.array(ZAllowedField),
    /** Fields the plan does not allow, each with the cheapest tier that opens it. */
    lockedFields: z.array(
      z.object({ fieldName: ZCustomizationField, unlockedBy: ZPlanTierName.nullable(), addon: z.string().nullable() }),
    ),
    currentValues: ZCustomization.omit({
      id: true,
      order_id: true,
      status: true,
      album_id: true,
      access_code: true,
      created_at: true,
      updated_at: true,
    }),
  }),
);
export type PermissionsResponse = z.infer<typeof ZPermissionsResponse>;

export const ZValidateResponse = successEnvelope(
  z.object({ canFinalize: z.boolean(), missingRequiredFields: z.array(ZCustomizationField) }),
);
export type ValidateResponse = z.infer<typeof ZValidateResponse>;

export const ZCompleteResponse = successEnvelope(
  z.object({ albumId: z.uuid(), accessCode: z.string().regex(/^\d{6}$/), albumUrl: z.string() }),
);
export type CompleteResponse = z.infer<typeof ZCompleteResponse>;

export const ZFont = z.object({ id: z.string(), name: z.string(), genericFamily: z.enum(['sans', 'serif', 'mono']) });
export type Font = z.infer<typeof ZFont>;
export const ZFontsResponse = successEnvelope(z.array(ZFont));

export const ZUploadImageResponse = successEnvelope(z.object({ url: z.string() }));
export type UploadImageResponse = z.infer<typeof ZUploadImageResponse>;
