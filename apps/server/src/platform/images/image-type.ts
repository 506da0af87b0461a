export type SniffedImageType = 'jpeg' | 'png' | 'webp';

/** The image type from the file's first bytes; its name and declared type are not trusted. */
export function sniffImageType(bytes: Buffer): SniffedImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

export type SniffedPhotoType = SniffedImageType | 'gif';

/** Types a guest may upload as a photo; GIF on top of the cover types. HEIC is not decoded yet. */
export function sniffPhotoType(bytes: Buffer): SniffedPhotoType | undefined {
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('ascii', 0, 6))) return 'gif';
  return sniffImageType(bytes);
}
