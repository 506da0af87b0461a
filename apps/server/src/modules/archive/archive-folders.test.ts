import { describe, expect, it } from 'vitest';
import { archiveFolders } from './archive-folders';

describe('archive folders', () => {
  it('puts photos and videos apart, with no section folders while the album has none', () => {
    const folderOf = archiveFolders([]);
    expect(folderOf({ kind: 'photo', sectionId: null })).toBe('fotos/');
    expect(folderOf({ kind: 'video', sectionId: null })).toBe('videos/');
  });

  it('gives every section a folder, the main part its own, and unknown sections the main part', () => {
    const folderOf = archiveFolders([
      { id: 's1', name: 'Ceremonia' },
      { id: 's2', name: 'Fiesta' },
    ]);
    expect(folderOf({ kind: 'photo', sectionId: 's2' })).toBe('fotos/Fiesta/');
    expect(folderOf({ kind: 'video', sectionId: 's1' })).toBe('videos/Ceremonia/');
    expect(folderOf({ kind: 'photo', sectionId: null })).toBe('fotos/Álbum principal/');
    expect(folderOf({ kind: 'photo', sectionId: 'gone' })).toBe('fotos/Álbum principal/');
  });

  it('makes section names safe and distinct as file names', () => {
    const folderOf = archiveFolders([
      { id: 'a', name: 'Fotos/Fiesta' },
      { id: 'b', name: 'Fotos_Fiesta' },
      { id: 'c', name: 'álbum PRINCIPAL' },
    ]);
    expect(folderOf({ kind: 'photo', sectionId: 'a' })).toBe('fotos/Fotos_Fiesta/');
    expect(folderOf({ kind: 'photo', sectionId: 'b' })).toBe('fotos/Fotos_Fiesta (2)/');
    expect(folderOf({ kind: 'photo', sectionId: 'c' })).toBe('fotos/álbum PRINCIPAL (2)/');
  });
});
