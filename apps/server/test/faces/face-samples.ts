import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';

// Real faces for the tests, composed at run time from a picture that @vladmandic/human ships
// (assets/screenshot-facematch.jpg: a grid of face tiles, 18 to a row). Its first row is one man in
// 18 different photos; the rows below are other people. Nothing is downloaded, and no face image
// is ever written to the repository.
const grid = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '../assets/screenshot-facematch.jpg',
);
const TILE_WIDTH = 1920 / 18;
const FIRST_ROW_TOP = 281;
const ROW_HEIGHT = 112.5;

/** Tile `column` of grid row `row` (0: the man; 2–5: other people), about 107 × 100 px. */
function tile(row: number, column: number) {
  return sharp(grid)
    .extract({
      left: Math.round(column * TILE_WIDTH),
      top: Math.round(FIRST_ROW_TOP + row * ROW_HEIGHT),
      width: Math.floor(TILE_WIDTH),
      height: 100,
    })
    .toBuffer();
}

/** The man as the grid's "selected face" shows him, larger: the photo the selfie is made from. */
const selectedFace = () => sharp(grid).extract({ left: 0, top: 30, width: 160, height: 160 }).toBuffer();

async function canvas(width: number, height: number, seed: number, layers: OverlayOptions[]) {
  const background = { r: 60 + ((seed * 37) % 150), g: 60 + ((seed * 71) % 150), b: 60 + ((seed * 53) % 150) };
  return sharp({ create: { width, height, channels: 3, background } })
    .composite(layers)
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A face tile enlarged to `side` px wide, slightly turned and re-lit. */
async function placed(face: Buffer, side: number, angle: number, light: number) {
  return sharp(await sharp(face).resize({ width: side }).toBuffer())
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .modulate({ brightness: light })
    .png()
    .toBuffer();
}

export type Face = readonly [row: number, column: number];
/** Faces of the man (row 0; column 0 is the selfie's own photo, so the album never uses it). */
export const HIM: readonly Face[] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 5],
];
/** Other guests. */
export const OTHERS: readonly Face[] = [
  [2, 1],
  [2, 5],
  [3, 1],
  [3, 4],
  [4, 2],
  [4, 7],
  [5, 2],
  [5, 6],
];

/** A 1600 × 1200 group photo of these faces in a row on a plain background. */
export async function groupPhoto(faces: readonly Face[], seed: number) {
  const side = 300;
  const layers = await Promise.all(
    faces.map(async ([row, column], i) => ({
      input: await placed(await tile(row, column), side, ((seed + i) % 5) * 3 - 6, 0.85 + ((seed + i) % 4) * 0.1),
      left: 60 + i * 380,
      top: 300 + ((seed + i) % 3) * 120,
    })),
  );
  return canvas(1600, 1200, seed, layers);
}

/** A phone selfie of the man: his face large in a 1080 × 1440 frame, mirrored as front cameras show it. */
export async function selfie() {
  const face = await sharp(await placed(await selectedFace(), 640, 4, 1.1))
    .flop()
    .toBuffer();
  return canvas(1080, 1440, 99, [{ input: face, left: 220, top: 380 }]);
}

/** Two people filling the frame: whose photos to find is unclear. */
export async function twoPeopleSelfie() {
  const [a, b] = await Promise.all([tile(0, 4), tile(2, 9)]);
  return canvas(1080, 1440, 98, [
    { input: await placed(a, 480, 0, 1), left: 40, top: 400 },
    { input: await placed(b, 480, 0, 1), left: 560, top: 400 },
  ]);
}

/** A picture with no face at all (the ceiling, a pocket). */
export async function faceless() {
  return canvas(1080, 1440, 7, [
    { input: { create: { width: 500, height: 300, channels: 3, background: '#d9c38a' } }, left: 200, top: 500 },
  ]);
}
