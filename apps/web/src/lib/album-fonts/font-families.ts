import type { Font } from '@momentos/contract';
import { albumWebFont } from '@momentos/contract/album-display';

/** Spec 001 §9's 15 fonts; shown until (or if never) GET /api/customizations/fonts answers. */
export const DEFAULT_FONTS: Font[] = [
  { id: 'arial', name: 'Arial', genericFamily: 'sans' },
  { id: 'times', name: 'Times New Roman', genericFamily: 'serif' },
  { id: 'calibri', name: 'Calibri', genericFamily: 'sans' },
  { id: 'helvetica', name: 'Helvetica', genericFamily: 'sans' },
  { id: 'verdana', name: 'Verdana', genericFamily: 'sans' },
  { id: 'georgia', name: 'Georgia', genericFamily: 'serif' },
  { id: 'courier', name: 'Courier New', genericFamily: 'mono' },
  { id: 'tahoma', name: 'Tahoma', genericFamily: 'sans' },
  { id: 'trebuchet', name: 'Trebuchet MS', genericFamily: 'sans' },
  { id: 'comic', name: 'Comic Sans MS', genericFamily: 'sans' },
  { id: 'impact', name: 'Impact', genericFamily: 'sans' },
  { id: 'lucida', name: 'Lucida Sans', genericFamily: 'sans' },
  { id: 'palatino', name: 'Palatino Linotype', genericFamily: 'serif' },
  { id: 'antiqua', name: 'Book Antiqua', genericFamily: 'serif' },
  { id: 'century', name: 'Century Gothic', genericFamily: 'sans' },
];

const GENERIC: Record<Font['genericFamily'], string> = { sans: 'sans-serif', serif: 'serif', mono: 'monospace' };

/**
 * A CSS font-family for a font's display name: its web font (loaded by useAlbumFont), the font
 * itself, then its generic family (DESIGN.md).
 */
export function fontFamilyFor(name: string, fonts: readonly Font[] = DEFAULT_FONTS): string | undefined {
  if (!name) return undefined;
  const font = fonts.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
  const web = albumWebFont(name);
  return `${web ? `"${web}", ` : ''}"${name}", ${GENERIC[font?.genericFamily ?? 'sans']}`;
}
