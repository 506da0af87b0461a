import { safeFileStem } from '@momentos/contract';

/** Where the album's main part goes once the host has named sections (deleted sections' photos too). */
export const MAIN_PART_FOLDER = 'Álbum principal';

export type ArchiveSection = { id: string; name: string };

/**
 * The folder of each upload in the whole-album ZIP: `fotos/` or `videos/`, and inside them one folder
 * per section, in the host's order, when the album has named sections. Section names become safe
 * file names; two that end up alike (case-insensitively, as Windows and macOS compare) get " (2)".
 */
export function archiveFolders(sections: ArchiveSection[]) {
  const taken = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name} (${n})`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
  const main = unique(MAIN_PART_FOLDER);
  const named = new Map(sections.map((section) => [section.id, unique(safeFileStem(section.name, 'Sección'))]));
  return (upload: { kind: 'photo' | 'video'; sectionId: string | null }) => {
    const base = upload.kind === 'video' ? 'videos/' : 'fotos/';
    if (named.size === 0) return base;
    return `${base}${(upload.sectionId && named.get(upload.sectionId)) || main}/`;
  };
}
