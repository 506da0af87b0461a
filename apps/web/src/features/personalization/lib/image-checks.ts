import { COVER_IMAGE_MAX_BYTES, COVER_IMAGE_TYPES } from '@momentos/contract/constants';

export type ImageRejection = { kind: 'tooLarge'; sizeMb: string } | { kind: 'type' };

/** Size in MB with one decimal, as the 'Imagen demasiado grande' notice shows it. */
export function formatMegabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * Spec 001 §5: the cover is checked before any upload; at most 5 MB (5242880 bytes) and one of
 * JPEG, PNG or WebP. The size rule comes first so a huge file of a wrong type says "too large".
 */
export function checkCoverImage(file: Pick<File, 'size' | 'type'>): ImageRejection | null {
  if (file.size > COVER_IMAGE_MAX_BYTES) return { kind: 'tooLarge', sizeMb: formatMegabytes(file.size) };
  if (!(COVER_IMAGE_TYPES as readonly string[]).includes(file.type)) return { kind: 'type' };
  return null;
}
