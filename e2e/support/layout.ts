import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where something is on screen, in CSS pixels from the viewport's top left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Half a pixel: subpixel layout rounds, a real overflow or overlap is larger. */
const SLACK = 0.5;

/** True when the two boxes share more than a sliver of area. */
export function overlaps(a: Box, b: Box): boolean {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > SLACK && height > SLACK;
}

/** The page scrolls neither sideways nor, with `vertical`, up and down (a slideshow or a viewer). */
export async function expectNoScroll(page: Page, { vertical = false } = {}) {
  const size = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
    viewportWidth: window.innerWidth,
    viewportHeight: window.innerHeight,
  }));
  expect(size.width, 'the page scrolls sideways').toBeLessThanOrEqual(size.viewportWidth);
  if (vertical) expect(size.height, 'the page scrolls').toBeLessThanOrEqual(size.viewportHeight);
}

/**
 * What a person checks on a screen: each named part is shown, whole inside the viewport (`axis: 'x'`
 * only across, for parts further down a page), and no two of them cover each other. Returns the boxes.
 */
export async function expectLaidOut(
  page: Page,
  parts: Record<string, Locator>,
  { axis = 'xy' }: { axis?: 'x' | 'xy' } = {},
): Promise<Record<string, Box>> {
  const viewport = page.viewportSize()!;
  const boxes: Record<string, Box> = {};
  for (const [name, locator] of Object.entries(parts)) {
    expect(await locator.isVisible(), `${name} is not shown`).toBe(true);
    const box = (await locator.boundingBox())!;
    expect(box.width * box.height, `${name} has no size`).toBeGreaterThan(0);
    expect(box.x, `${name} starts off the left edge`).toBeGreaterThanOrEqual(-SLACK);
    expect(box.x + box.width, `${name} runs off the right edge`).toBeLessThanOrEqual(viewport.width + SLACK);
    if (axis === 'xy') {
      expect(box.y, `${name} starts above the screen`).toBeGreaterThanOrEqual(-SLACK);
      expect(box.y + box.height, `${name} runs below the screen`).toBeLessThanOrEqual(viewport.height + SLACK);
    }
    boxes[name] = box;
  }
  const names = Object.keys(boxes);
  for (const [index, a] of names.entries())
    for (const b of names.slice(index + 1)) expect(overlaps(boxes[a]!, boxes[b]!), `${a} and ${b} overlap`).toBe(false);
  return boxes;
}

/**
 * The part of an image's box the picture itself covers (an `object-fit: contain` box is letterboxed
 * around it), and whether it has loaded and shows: a broken or faded-out image is not a photo.
 */
export async function shownPicture(image: Locator): Promise<Box & { loaded: boolean }> {
  return image.evaluate((element: HTMLImageElement) => {
    const box = element.getBoundingClientRect();
    const loaded = element.complete && element.naturalWidth > 0 && Number(getComputedStyle(element).opacity) === 1;
    if (getComputedStyle(element).objectFit !== 'contain' || !element.naturalWidth)
      return { x: box.x, y: box.y, width: box.width, height: box.height, loaded };
    const scale = Math.min(box.width / element.naturalWidth, box.height / element.naturalHeight);
    const [width, height] = [element.naturalWidth * scale, element.naturalHeight * scale];
    return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height, loaded };
  });
}
