import { COVER_IMAGE_MAX_BYTES, COVER_IMAGE_TYPES } from '@momentos/contract/constants';
import { megabytes } from '@/lib/megabytes';

export type ImageRejection = { kind: 'tooLarge'; sizeMb: string } | { kind: 'type' };

/**
 * Spec 001 §5: the cover is checked before any upload; at most 5 MB (5242880 bytes) and one of
 * JPEG, PNG or WebP. The size rule comes first so a huge file of a wrong type says "too large".
 */
export function checkCoverImage(file: Pick<File, 'size' | 'type'>): ImageRejection | null {
  if (file.size > COVER_IMAGE_MAX_BYTES) return { kind: 'tooLarge', sizeMb: megabytes(file.size) };
  if (!(COVER_IMAGE_TYPES as readonly string[]).includes(file.type)) return { kind: 'type' };
  return null;
}
