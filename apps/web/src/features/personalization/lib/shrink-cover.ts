import { COVER_IMAGE_MAX_BYTES, COVER_IMAGE_MAX_SIDE } from '@momentos/contract/constants';

export interface ShrinkAttempt {
  width: number;
  height: number;
  quality: number;
}

// Full stored size first; a noisy photo that still weighs too much goes smaller and softer.
const STEPS = [
  { side: COVER_IMAGE_MAX_SIDE, quality: 0.85 },
  { side: COVER_IMAGE_MAX_SIDE, quality: 0.7 },
  { side: 1800, quality: 0.7 },
  { side: 1200, quality: 0.6 },
];

/** The sizes and JPEG qualities to try for a picture of width × height, never larger than it is. */
export function shrinkAttempts(width: number, height: number): ShrinkAttempt[] {
  return STEPS.map(({ side, quality }) => {
    const scale = Math.min(1, side / Math.max(width, height));
    return {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
      quality,
    };
  });
}

type Picture = { source: CanvasImageSource; width: number; height: number; close: () => void };

/** Decodes upright (EXIF orientation applied); an <img> where createImageBitmap is missing or refuses. */
async function decode(file: Blob): Promise<Picture | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  } catch {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
      return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => {} };
    } catch {
      return null;
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}

function encode(picture: Picture, { width, height, quality }: ShrinkAttempt): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  // JPEG has no transparency: a PNG's clear parts become white rather than black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture.source, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'portada'}.jpg`;

/**
 * The cover to send: the picked file when it is within 5 MB and 2400 px, else a JPEG of it made
 * here, upright and at most 2400 px (what the server stores anyway), so a 12 to 48 MP phone photo
 * is accepted and sent in a fraction of its bytes. A PNG or WebP within 5 MB goes as it is, since
 * it may hold transparency. Null when nothing within 5 MB can be made (the browser cannot decode it).
 */
export async function shrinkCover(file: File): Promise<File | null> {
  const fitsBytes = file.size <= COVER_IMAGE_MAX_BYTES;
  if (fitsBytes && file.type !== 'image/jpeg' && file.type !== 'image/jpg') return file;
  const picture = await decode(file);
  if (!picture) return fitsBytes ? file : null;
  try {
    if (fitsBytes && Math.max(picture.width, picture.height) <= COVER_IMAGE_MAX_SIDE) return file;
    for (const attempt of shrinkAttempts(picture.width, picture.height)) {
      const blob = await encode(picture, attempt);
      if (blob && blob.size <= COVER_IMAGE_MAX_BYTES)
        return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
    }
    return fitsBytes ? file : null;
  } catch {
    // A canvas the phone has no memory for: the file as it is when it fits, else nothing.
    return fitsBytes ? file : null;
  } finally {
    picture.close();
  }
}
