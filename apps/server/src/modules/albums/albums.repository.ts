import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albums, type AlbumRow } from '../../db/schema/index.js';

export function createAlbumsRepository(db: Database) {
  return {
    async findAlbum(id: string): Promise<AlbumRow | undefined> {
      const [row] = await db.select().from(albums).where(eq(albums.id, id));
      return row;
    },
  };
}

export type AlbumsRepository = ReturnType<typeof createAlbumsRepository>;
