/** A face the engine found: where (relative to the image, 0–1), how sure, and its descriptor. */
export interface FoundFace {
  /** x, y, width, height as fractions of the image's sides. */
  box: [number, number, number, number];
  score: number;
  /** FaceRes' 1,024 values, as the model gave them (not normalised). */
  descriptor: Float32Array;
}

/** An image as RGB bytes, row by row: decoded on the server's thread (sharp), described in the engine's. */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** One image for the engine thread; its pixels' buffer is transferred, not copied. */
export interface EngineRequest {
  id: number;
  width: number;
  height: number;
  pixels: ArrayBuffer;
}

export interface EngineReply {
  id: number;
  faces?: FoundFace[];
  error?: string;
}

/** What the thread says once, after loading its models (or failing to). */
export type EngineStartReply = { ready: true; version: string } | { failed: string };
