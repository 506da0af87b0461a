import { z } from 'zod';

import { successEnvelope, ZSingleLineText } from './common.js';
import { MAIN_SECTION, SECTION_NAME_MAX } from './constants.js';

/**
 * Album sections (PRODUCT.md "Guestbook and sections"): the host divides the album into named parts
 * (Ceremonia, Fiesta…). The plan's `sectionLimit` counts the album's main part (photos in no
 * section) as one, so a host creates up to `sectionLimit - 1` named sections: none on Basic, whose
 * one section is the whole album.
 */

export const ZSectionParams = z.object({ id: z.uuid(), sectionId: z.uuid() });

/** A section's name: trimmed, 1 to SECTION_NAME_MAX characters, on one line. */
export const ZSectionName = ZSingleLineText.trim().min(1, 'Name the section').max(SECTION_NAME_MAX);

export const ZSection = z.object({
  id: z.uuid(),
  name: z.string(),
  /** 0-based; the order guests and the host see. */
  position: z.number().int(),
  /** Photos and videos in the section, in every state (the host's list only). */
  photoCount: z.number().int().optional(),
});
export type Section = z.infer<typeof ZSection>;

/** `POST /api/events/{id}/sections`: the new section goes last. */
export const ZCreateSectionRequest = z.object({ name: ZSectionName });
export type CreateSectionRequest = z.infer<typeof ZCreateSectionRequest>;

/** `PATCH /api/events/{id}/sections/{sectionId}`: rename, move to a position (the others shift), or both. */
export const ZUpdateSectionRequest = z
  .object({ name: ZSectionName.optional(), position: z.number().int().min(0).optional() })
  .refine((body) => body.name !== undefined || body.position !== undefined, 'Send a name, a position or both');
export type UpdateSectionRequest = z.infer<typeof ZUpdateSectionRequest>;

export const ZSectionResponse = successEnvelope(ZSection);
export type SectionResponse = z.infer<typeof ZSectionResponse>;

/** Sections in order; `limit` is the plan's count, main part included. */
export const ZSectionListResponse = successEnvelope(z.object({ items: z.array(ZSection), limit: z.number().int() }));
export type SectionListResponse = z.infer<typeof ZSectionListResponse>;

/** A photo list's `?section=`: one section's id, or MAIN_SECTION (constants.ts) for the album's main part. */
const ZSectionFilterValue = z.union([z.uuid(), z.literal(MAIN_SECTION)]);

/** `?section={id|main}` narrows a photo list (the guests' and the owner's) to one section. */
export const ZSectionFilter = z.object({ section: ZSectionFilterValue.optional() });
