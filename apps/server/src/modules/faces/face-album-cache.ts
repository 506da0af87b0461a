import { faceMatrixOf, type FaceMatrix } from './face-match.js';
import type { FacesRepository } from './faces.repository.js';

/**
 * Albums' face matrices in memory, the most recently searched first: 7,500 faces are 30 MB as
 * floats, so only a few albums are kept. Each search first reads the album's stamp (count and newest
 * face, one indexed query): faces written or deleted by any server make the cached matrix stale.
 */
export function createFaceAlbumCache(repo: FacesRepository, maxAlbums = 4) {
  const albums = new Map<string, { stamp: string; matrix: FaceMatrix }>();
  return {
    async matrixOf(albumId: string): Promise<FaceMatrix> {
      const stamp = await repo.facesStamp(albumId);
      const cached = albums.get(albumId);
      albums.delete(albumId);
      const matrix = cached?.stamp === stamp ? cached.matrix : faceMatrixOf(await repo.listSearchableFaces(albumId));
      albums.set(albumId, { stamp, matrix });
      for (const oldest of albums.keys()) {
        if (albums.size <= maxAlbums) break;
        albums.delete(oldest);
      }
      return matrix;
    },
    forget(albumId: string) {
      albums.delete(albumId);
    },
  };
}
