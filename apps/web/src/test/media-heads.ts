/**
 * The first bytes of real photos and videos, for files a test picks: the guest page reads them
 * before taking a file (the contract's sniffUploadType), as the server does.
 */
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const ftyp = (major: string, compatible: string) =>
  new Uint8Array([0, 0, 0, 20, ...ascii('ftyp'), ...ascii(major), 0, 0, 0, 0, ...ascii(compatible), 0, 0, 0, 8]);

export const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0]);
export const HEIC_HEAD = ftyp('heic', 'mif1');
export const MP4_HEAD = ftyp('isom', 'mp41');
