// Names that become file names on someone's disk: the server's ZIP entries and Content-Disposition
// headers, and the web app's suggested download name. Free of zod, so either side imports it alone.

// Unicode's format characters (category Cf): bidi embeddings, overrides and isolates
// (U+202A–U+202E, U+2066–U+2069), the LRM/RLM/ALM marks (U+200E, U+200F, U+061C), zero-width
// spaces and joiners (U+200B–U+200D, U+2060), the byte-order mark (U+FEFF), the soft hyphen, tags.
const INVISIBLE = /\p{Cf}/gu;

/**
 * `text` without invisible formatting characters. A right-to-left override turns
 * "fiesta\u202Egpj.exe" into what a file manager shows as "fiestaexe.jpg", so a name that reaches a
 * file system or a download dialog keeps only what a person can see. Emoji written with a
 * zero-width joiner (a family) fall apart into their pieces: a price worth paying for a file name.
 */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * A file name as a guest's device sent it, made safe to store and show: composed (NFC), without
 * invisible formatting characters, runs of spaces made one, trimmed. Phones write bidi marks and
 * zero-width joiners into names in good faith, so they are removed rather than refused; an empty
 * result gets the stored media's own fallback name. Control characters are refused earlier.
 */
export function cleanFileName(raw: string): string {
  return stripInvisible(raw.normalize('NFC')).replace(/\s+/g, ' ').trim();
}
