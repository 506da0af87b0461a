import { describe, expect, it } from 'vitest';
import {
  DIMENSIONS,
  faceMatrixOf,
  matchingPhotos,
  MIN_COHORT,
  packDescriptor,
  queryOf,
  unitInPlace,
  unpackInto,
} from './face-match.js';

/** A seeded non-negative vector, as FaceRes' ReLU outputs are. */
function randomDescriptor(seed: number) {
  let state = seed * 2654435761;
  const next = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32) ** 2;
  return Float32Array.from({ length: DIMENSIONS }, next);
}

/** A face of `person` in a new photo: the person's descriptor plus some of another's (pose, light). */
const appearance = (person: Float32Array, noiseSeed: number, noise = 0.6) => {
  const other = randomDescriptor(noiseSeed);
  return person.map((value, k) => value + noise * other[k]!);
};

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, k) => sum + value * b[k]!, 0);

describe('face matching', () => {
  it('keeps a descriptor in one byte a value with its direction intact', () => {
    const descriptor = randomDescriptor(1);
    const unpacked = new Float32Array(DIMENSIONS);
    unpackInto(packDescriptor(descriptor), unpacked, 0);
    expect(packDescriptor(descriptor)).toHaveLength(DIMENSIONS);
    expect(dot(unpacked, unitInPlace(Float32Array.from(descriptor)))).toBeGreaterThan(0.999);
  });

  it('finds a person among hundreds of other faces by z-score, and no one else', () => {
    const guest = randomDescriptor(7);
    const faces = [];
    for (let i = 0; i < 400; i++) faces.push({ photoId: `crowd-${i % 120}`, descriptor: randomDescriptor(1000 + i) });
    for (let i = 0; i < 6; i++) faces.push({ photoId: `guest-${i}`, descriptor: appearance(guest, 50 + i) });
    const album = faceMatrixOf(faces.map((face) => ({ ...face, descriptor: packDescriptor(face.descriptor) })));
    expect(album.photoOf.length).toBeGreaterThanOrEqual(MIN_COHORT);
    const matches = matchingPhotos(album, queryOf(appearance(guest, 90), appearance(guest, 91)));
    expect([...matches.keys()].sort()).toEqual(['guest-0', 'guest-1', 'guest-2', 'guest-3', 'guest-4', 'guest-5']);
  });

  it('matches a small album by cosine, where z-scores would be noise', () => {
    const guest = randomDescriptor(8);
    const faces = [
      { photoId: 'a', descriptor: appearance(guest, 60, 0.3) },
      { photoId: 'b', descriptor: randomDescriptor(61) },
      { photoId: 'c', descriptor: randomDescriptor(62) },
    ];
    const album = faceMatrixOf(faces.map((face) => ({ ...face, descriptor: packDescriptor(face.descriptor) })));
    const query = queryOf(appearance(guest, 63, 0.3), appearance(guest, 64, 0.3));
    expect([...matchingPhotos(album, query).keys()]).toEqual(['a']);
  });
});
