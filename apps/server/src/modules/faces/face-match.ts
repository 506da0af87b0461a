// The matching "Find me" uses (docs/research/find-me.md, measured on 240 composed photos of 22 people):
//   1. query = unit(selfie + mirrored selfie): front cameras may or may not mirror;
//   2. each album face is scored by cosine, then as a z-score against the album's own faces;
//   3. query expansion: the faces the query is surest of (z ≥ 4, at most 5) join it, and it scores again;
//   4. a photo matches when its best face reaches z ≥ 3.0 (precision 0.97–0.98, recall 0.95 there).
// Below MIN_COHORT faces the album's z-scores are noise, so a small album is matched by plain cosine.

/** Values of a FaceRes descriptor. */
export const DIMENSIONS = 1024;
export const MATCH_Z = 3.0;
const EXPAND_Z = 4.0;
const EXPAND_MAX = 5;
/** Fewer album faces than this and the cosine threshold decides (about 20 photos' worth). */
export const MIN_COHORT = 100;
/** The research's cosine for the mirrored query: its P ≥ 0.95 point. To re-measure on real events. */
export const MATCH_COSINE = 0.68;

export function unitInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/**
 * One byte per value: FaceRes' values are non-negative (ReLU), so scaling by the largest keeps the
 * ranking (identical precision and recall in the research), at 1 KB a face.
 */
export function packDescriptor(descriptor: Float32Array): Buffer {
  let max = 0;
  for (const value of descriptor) max = Math.max(max, value);
  return Buffer.from(Array.from(descriptor, (value) => Math.round((Math.max(0, value) / (max || 1)) * 255)));
}

/** The unit vector a packed descriptor stands for, written into `target` at `offset`. */
export function unpackInto(packed: Uint8Array, target: Float32Array, offset: number) {
  let sum = 0;
  for (let k = 0; k < DIMENSIONS; k++) sum += packed[k]! * packed[k]!;
  const norm = Math.sqrt(sum) || 1;
  for (let k = 0; k < DIMENSIONS; k++) target[offset + k] = packed[k]! / norm;
}

/** The search's query from the selfie's descriptor and its mirror image's. */
export function queryOf(selfie: Float32Array, mirror: Float32Array): Float32Array {
  const [a, b] = [unitInPlace(Float32Array.from(selfie)), unitInPlace(Float32Array.from(mirror))];
  return unitInPlace(a.map((value, k) => value + b[k]!));
}

/** An album's faces as one matrix (row i is face i, unit length); `photoOf[i]` is face i's photo. */
export interface FaceMatrix {
  rows: Float32Array;
  photoOf: string[];
}

export function faceMatrixOf(faces: readonly { photoId: string; descriptor: Uint8Array }[]): FaceMatrix {
  const rows = new Float32Array(faces.length * DIMENSIONS);
  faces.forEach((face, i) => unpackInto(face.descriptor, rows, i * DIMENSIONS));
  return { rows, photoOf: faces.map((face) => face.photoId) };
}

function cosines({ rows, photoOf }: FaceMatrix, query: Float32Array): Float32Array {
  const out = new Float32Array(photoOf.length);
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    const offset = i * DIMENSIONS;
    for (let k = 0; k < DIMENSIONS; k++) sum += rows[offset + k]! * query[k]!;
    out[i] = sum;
  }
  return out;
}

function zScores(values: Float32Array): Float32Array {
  let sum = 0;
  let squares = 0;
  for (const value of values) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / values.length;
  const deviation = Math.sqrt(Math.max(1e-12, squares / values.length - mean * mean));
  return values.map((value) => (value - mean) / deviation);
}

/** The photos whose best face matches the query, each with that face's score (z, or cosine in a small album). */
export function matchingPhotos(album: FaceMatrix, query: Float32Array): Map<string, number> {
  const small = album.photoOf.length < MIN_COHORT;
  let scores = small ? cosines(album, query) : zScores(cosines(album, query));
  const threshold = small ? MATCH_COSINE : MATCH_Z;
  if (!small) {
    const surest = [...scores.keys()]
      .filter((i) => scores[i]! >= EXPAND_Z)
      .sort((a, b) => scores[b]! - scores[a]!)
      .slice(0, EXPAND_MAX);
    if (surest.length > 0) {
      const expanded = query.map((value) => 2 * value);
      for (const i of surest) for (let k = 0; k < DIMENSIONS; k++) expanded[k]! += album.rows[i * DIMENSIONS + k]!;
      scores = zScores(cosines(album, unitInPlace(expanded)));
    }
  }
  const best = new Map<string, number>();
  scores.forEach((score, i) => {
    const photo = album.photoOf[i]!;
    if (score >= threshold && !(best.get(photo)! >= score)) best.set(photo, score);
  });
  return best;
}
