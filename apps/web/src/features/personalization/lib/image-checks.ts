import { COVER_IMAGE_MAX_BYTES, COVER_IMAGE_TYPES } from '@momentos/contract/constants';
import { megabytes } from '@/lib/megabytes';
import { shrinkCover } from './shrink-cover';

export type ImageRejection =
  | { kind: 'tooLarge'; sizeMb: string }
  /** A cover over 5 MB that the browser could not bring under it (it cannot decode it). */
  | { kind: 'cannotShrink'; sizeMb: string }
  | { kind: 'type' };

/**
 * Spec 001 §5: the cover is checked before any upload; at most 5 MB (5242880 bytes) and one of
 * JPEG, PNG or WebP. The size rule comes first so a huge file of a wrong type says "too large".
 */
export function checkCoverImage(file: Pick<File, 'size' | 'type'>): ImageRejection | null {
  if (file.size > COVER_IMAGE_MAX_BYTES) return { kind: 'tooLarge', sizeMb: megabytes(file.size) };
  if (!(COVER_IMAGE_TYPES as readonly string[]).includes(file.type)) return { kind: 'type' };
  return null;
}

export type PreparedCover = { file: File } | { rejection: ImageRejection };

/**
 * The picked cover made ready to send: a JPEG, PNG or WebP, scaled down in the browser when it
 * is over 5 MB (a phone photo) or 2400 px, then held to spec 001 §5's checks. Refused only when
 * it is of another type or still cannot fit.
 */
export async function prepareCoverImage(file: File, shrink = shrinkCover): Promise<PreparedCover> {
  if (!(COVER_IMAGE_TYPES as readonly string[]).includes(file.type)) return { rejection: checkCoverImage(file)! };
  const fitted = await shrink(file);
  if (!fitted) return { rejection: { kind: 'cannotShrink', sizeMb: megabytes(file.size) } };
  const problem = checkCoverImage(fitted);
  return problem ? { rejection: problem } : { file: fitted };
}
