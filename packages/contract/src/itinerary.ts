import { z } from 'zod';
import { successEnvelope, ZMultiLineText, ZSingleLineText } from './common.js';

export const ITINERARY_ICONS = [
  'Car',
  'Church',
  'CircleDot',
  'Camera',
  'Wine',
  'Utensils',
  'Cake',
  'Heart',
  'Music',
  'Gift',
] as const;

/** Spec 001 section 3's itinerary entry. `hora` is HH:MM (the album detail shows its first 5 characters). */
export const ZItineraryEntry = z.object({
  id: z.uuid(),
  icono: z.string(),
  hora: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  ubicacion: z.string(),
});
export type ItineraryEntry = z.infer<typeof ZItineraryEntry>;

export const ZItineraryEntryInput = z.object({
  icono: z.enum(ITINERARY_ICONS),
  hora: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be HH:MM' }),
  titulo: ZSingleLineText.trim().min(1).max(120),
  descripcion: ZMultiLineText.trim().max(1000).default(''),
  ubicacion: ZSingleLineText.trim().max(200).default(''),
});
export type ItineraryEntryInput = z.input<typeof ZItineraryEntryInput>;

export const ZItineraryResponse = successEnvelope(z.array(ZItineraryEntry));
export const ZItineraryEntryResponse = successEnvelope(ZItineraryEntry);
export const ZItineraryOrderRequest = z.object({ ids: z.array(z.uuid()).max(100) });
export const ZItineraryEntryParams = z.object({ id: z.uuid(), entryId: z.uuid() });
