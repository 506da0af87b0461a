/** Width of the small copy the list shows: twice the 64 px tile, for sharp screens. */
const THUMBNAIL_WIDTH = 128;

/**
 * A small JPEG of a picked photo, kept in the queue so the list shows it after a reload (the
 * file's bytes leave the phone once the album holds them) and so 200 twelve-megapixel photos are
 * never decoded at full size to fill 64 px tiles. Decoded one at a time at reduced size; null when
 * the browser cannot decode the type (HEIC outside Safari): the row then shows an icon.
 */
export async function makeThumbnail(photo: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    // Only the width: the browser keeps the aspect ratio, and applies the EXIF orientation.
    bitmap = await createImageBitmap(photo, { resizeWidth: THUMBNAIL_WIDTH, resizeQuality: 'medium' });
  } catch {
    return null;
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.75 });
}
