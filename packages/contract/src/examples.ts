import { z } from 'zod';
import { successEnvelope } from './common.js';

/** GET /api/examples/album: the live example album the home page shows in a phone frame. */
export const ZExampleAlbumResponse = successEnvelope(z.object({ id: z.uuid(), albumUrl: z.string() }));
export type ExampleAlbumResponse = z.infer<typeof ZExampleAlbumResponse>;
