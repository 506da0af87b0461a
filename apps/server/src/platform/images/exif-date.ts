/**
 * The date a photo was taken, read from the raw EXIF block sharp hands back (`metadata().exif`):
 * DateTimeOriginal in the Exif sub-IFD, else DateTime in IFD0. EXIF dates carry no zone, so the
 * wall-clock time is stored as if it were UTC; it only orders photos of one event.
 */
export function readExifTakenAt(exif: Buffer | undefined): Date | undefined {
  if (!exif) return undefined;
  try {
    const start = exif.toString('ascii', 0, 4) === 'Exif' ? 6 : 0;
    const tiff = exif.subarray(start);
    const little = tiff.toString('ascii', 0, 2) === 'II';
    if (!little && tiff.toString('ascii', 0, 2) !== 'MM') return undefined;
    const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const entries = (ifd: number) => {
      const found = new Map<number, number>();
      const count = u16(ifd);
      for (let i = 0; i < count; i++) found.set(u16(ifd + 2 + i * 12), ifd + 2 + i * 12);
      return found;
    };
    const ascii = (entry: number) => tiff.toString('ascii', u32(entry + 8), u32(entry + 8) + 19);
    const ifd0 = entries(u32(4));
    const exifPointer = ifd0.get(0x8769);
    const original = exifPointer === undefined ? undefined : entries(u32(exifPointer + 8)).get(0x9003);
    const entry = original ?? ifd0.get(0x0132);
    return entry === undefined ? undefined : parseExifDate(ascii(entry));
  } catch {
    // A malformed EXIF block only costs us the date.
    return undefined;
  }
}

function parseExifDate(text: string): Date | undefined {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(date.getTime()) || y < 1900 ? undefined : date;
}
