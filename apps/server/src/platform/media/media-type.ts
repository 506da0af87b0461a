import {
  UPLOAD_MEDIA_TYPES,
  UPLOAD_SNIFF_BYTES,
  sniffUploadType,
  type UploadKind,
  type UploadMediaInfo,
  type UploadMediaType,
} from '@momentos/contract';

/** The types a guest may upload (the contract's list, upload-policy.ts); `sniffMediaType` recognises each. */
export type MediaType = UploadMediaType;
export type MediaKind = UploadKind;
export const MEDIA: Readonly<Record<MediaType, UploadMediaInfo>> = UPLOAD_MEDIA_TYPES;

/** How many leading bytes `sniffMediaType` needs to decide. */
export const SNIFF_BYTES = UPLOAD_SNIFF_BYTES;

/**
 * The file's type from its first bytes (its name and declared type are not trusted): the contract's
 * rule (upload-policy.ts), which the guest's browser applies too before sending.
 */
export const sniffMediaType = (bytes: Buffer): MediaType | undefined => sniffUploadType(bytes);
