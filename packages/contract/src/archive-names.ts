// The names an album download gives its files: the ZIP archive, its entries, a single original and
// the Content-Disposition header that carries them. One set of rules for the server, which writes
// them, and the web app, which suggests the same name in the save dialog. Pure and free of zod and
// Node APIs, so the browser runs it too.
import { stripInvisible } from './file-names.js';

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_STEM_CHARACTERS = 80;

/**
 * A name every common file system accepts: no path separators, no characters Windows forbids,
 * no control or invisible formatting characters, no trailing dots or spaces, not a reserved device
 * name, at most 80 characters. Letters of any script are kept (entries are flagged UTF-8).
 */
export function safeFileStem(raw: string, fallback = 'album'): string {
  let name = stripInvisible(raw.normalize('NFC'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  name = Array.from(name)
    .slice(0, MAX_STEM_CHARACTERS)
    .join('')
    .replace(/[. ]+$/, '');
  if (!name) return fallback;
  return WINDOWS_RESERVED.test(name) ? `_${name}` : name;
}

// The stored extension in lower case, letters and digits only; a JPEG's when there is none.
const entryExtension = (ext: string) => (ext || 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '') || 'jpg';

/**
 * Spec 001 §9: `{eventName}_fotos.zip` holding `{eventName}_foto_{n}.{ext}`; the host's download of
 * chosen photos is `{eventName}_seleccion.zip`, so it never overwrites the whole album's.
 */
export function zipNames(eventName: string) {
  const stem = safeFileStem(eventName);
  return {
    archive: `${stem}_fotos.zip`,
    selection: `${stem}_seleccion.zip`,
    entry: (n: number, ext: string) => `${stem}_foto_${n}.${entryExtension(ext)}`,
  };
}

/**
 * `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266), both without invisible
 * formatting characters: a guest's file name reaches the host's disk through here.
 */
export function attachmentHeader(raw: string): string {
  const fileName = stripInvisible(raw);
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'album_fotos.zip';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// Other spellings of the stored extensions that a guest's file name may already end in.
const SAME_EXTENSION: Record<string, string[]> = { jpg: ['jpeg', 'jpe'], heic: ['heif'] };

/**
 * The guest's file name for a single original, ending in the stored original's own extension:
 * the type is judged from the bytes, so a JPEG sent as "foto.png" or "foto" saves as a .jpg.
 */
export function originalFileName(name: string, ext: string): string {
  const wanted = ext.toLowerCase();
  const dot = name.lastIndexOf('.');
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return current === wanted || SAME_EXTENSION[wanted]?.includes(current) ? name : `${name}.${wanted}`;
}
