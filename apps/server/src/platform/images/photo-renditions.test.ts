import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhotoRenditions } from './photo-renditions.js';

/** A photo with some texture, so the encoder treats both renditions alike away from the mark. */
function photo(width: number, height: number) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="#4a7a9c"/><stop offset="1" stop-color="#9c6a4a"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** The box around the pixels where the watermarked rendition differs from the plain one. */
async function markBox(marked: Buffer, plain: Buffer) {
  const [a, b] = await Promise.all(
    [marked, plain].map((image) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, height } = a!.info;
  expect([b!.info.width, b!.info.height]).toEqual([width, height]);
  let box = { left: width, top: height, right: -1, bottom: -1 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const differs = [0, 1, 2].some((channel) => Math.abs(a!.data[at + channel]! - b!.data[at + channel]!) > 40);
      if (differs)
        box = {
          left: Math.min(box.left, x),
          top: Math.min(box.top, y),
          right: Math.max(box.right, x),
          bottom: Math.max(box.bottom, y),
        };
    }
  }
  return { width, height, box };
}

describe('the watermark', () => {
  // Grids show a thumbnail as its centred square; a mark in a corner of a wide or tall photo was cut off.
  it.each([
    ['wide (3:1)', 1800, 600],
    ['tall (1:3)', 600, 1800],
  ])(
    'sits whole inside the centred square of a %s photo, in the thumbnail and the display copy',
    async (_label, width, height) => {
      const source = await photo(width, height);
      const [marked, plain] = await Promise.all([
        makePhotoRenditions(source, true),
        makePhotoRenditions(source, false),
      ]);
      for (const variant of ['thumb', 'display'] as const) {
        const { width: w, height: h, box } = await markBox(marked[variant], plain[variant]);
        const side = Math.min(w, h);
        const square = { left: (w - side) / 2, top: (h - side) / 2, right: (w + side) / 2, bottom: (h + side) / 2 };
        const clearance = side * 0.02;
        expect(box.right, `${variant}: a watermark was drawn`).toBeGreaterThan(box.left);
        // The whole word, not a fragment: "Momentos" spans a good part of the square.
        expect(box.right - box.left, variant).toBeGreaterThan(side * 0.25);
        expect(box.left, variant).toBeGreaterThan(square.left + clearance);
        expect(box.right, variant).toBeLessThan(square.right - clearance);
        expect(box.top, variant).toBeGreaterThan(square.top + clearance);
        expect(box.bottom, variant).toBeLessThan(square.bottom - clearance);
      }
    },
  );
});
