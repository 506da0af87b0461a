import { GUEST_PHOTO_MAX_BYTES, GUEST_VIDEO_MAX_BYTES } from '@momentos/contract/constants';
import { describe, expect, it } from 'vitest';
import { completedPercent, isComplete, partitionFiles, type SelectedFile } from './selection';

function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function item(id: string, status: SelectedFile['status'] = 'waiting'): SelectedFile {
  return { id, name: `${id}.jpg`, size: 1024, kind: 'photo', previewUrl: `blob:${id}`, status, sent: 0, progress: 0 };
}

describe('partitionFiles', () => {
  it('keeps images and refuses anything else when the plan has no videos', () => {
    const { accepted, rejected } = partitionFiles(
      [
        fileOf('a.jpg', 'image/jpeg'),
        fileOf('b.heic', 'image/heic'),
        fileOf('notes.txt', 'text/plain'),
        fileOf('clip.mp4', 'video/mp4'),
      ],
      false,
    );
    expect(accepted.map((entry) => entry.file.name)).toEqual(['a.jpg', 'b.heic']);
    expect(rejected).toEqual([
      { name: 'notes.txt', reason: 'type', size: 1024 },
      { name: 'clip.mp4', reason: 'type', size: 1024 },
    ]);
  });

  it('refuses a photo type the server would refuse (TIFF, AVIF, BMP), naming it, and keeps the good files', () => {
    const { accepted, rejected } = partitionFiles(
      [
        fileOf('escaneo.tiff', 'image/tiff'),
        fileOf('brindis.jpg', 'image/jpeg'),
        fileOf('sol.avif', 'image/avif'),
        fileOf('logo.bmp', 'image/bmp'),
      ],
      true,
    );
    expect(accepted).toEqual([{ file: expect.objectContaining({ name: 'brindis.jpg' }), kind: 'photo' }]);
    expect(rejected).toEqual([
      { name: 'escaneo.tiff', reason: 'type', size: 1024 },
      { name: 'sol.avif', reason: 'type', size: 1024 },
      { name: 'logo.bmp', reason: 'type', size: 1024 },
    ]);
  });

  it("accepts an iPhone's HEIC whether the browser names its type or leaves it empty", () => {
    const { accepted, rejected } = partitionFiles(
      [fileOf('IMG_0001.HEIC', 'image/heic'), fileOf('IMG_0002.HEIC', ''), fileOf('IMG_0003.heif', 'image/heif')],
      false,
    );
    expect(accepted.map((entry) => entry.kind)).toEqual(['photo', 'photo', 'photo']);
    expect(rejected).toEqual([]);
  });

  it('accepts MP4, MOV and WebM videos when the plan allows them, but not other video types', () => {
    const files = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-msvideo'].map((type, index) =>
      fileOf(`v${index}`, type),
    );
    const { accepted, rejected } = partitionFiles(files, true);
    expect(accepted.map((entry) => entry.kind)).toEqual(['video', 'video', 'video']);
    expect(rejected.map((entry) => entry.name)).toEqual(['v3']);
  });

  it('refuses photos over 25 MB and videos over 200 MB, naming the file', () => {
    const { accepted, rejected } = partitionFiles(
      [
        fileOf('ok.jpg', 'image/jpeg', GUEST_PHOTO_MAX_BYTES),
        fileOf('huge.jpg', 'image/jpeg', GUEST_PHOTO_MAX_BYTES + 1),
        fileOf('long.mp4', 'video/mp4', GUEST_PHOTO_MAX_BYTES * 2),
        fileOf('film.mov', 'video/quicktime', GUEST_VIDEO_MAX_BYTES + 1),
      ],
      true,
    );
    expect(accepted.map((entry) => entry.file.name)).toEqual(['ok.jpg', 'long.mp4']);
    expect(rejected).toEqual([
      { name: 'huge.jpg', reason: 'size', size: GUEST_PHOTO_MAX_BYTES + 1, kind: 'photo' },
      { name: 'film.mov', reason: 'size', size: GUEST_VIDEO_MAX_BYTES + 1, kind: 'video' },
    ]);
  });
});

describe('progress and completeness', () => {
  it('counts the bytes sent over the bytes chosen, so it agrees with "2,8 de 19,5 MB enviados" and the bars', () => {
    expect(completedPercent([])).toBe(0);
    expect(completedPercent([item('a', 'done'), item('b', 'uploading'), item('c')])).toBe(33);
    expect(completedPercent([item('a', 'done'), item('b', 'pending'), item('c', 'failed')])).toBe(66);
    expect(completedPercent([item('a', 'done'), item('b', 'pending')])).toBe(100);
    // One large file 42% sent and a small one waiting: not "0% completado".
    const MB = 1024 * 1024;
    const large = { ...item('large', 'uploading'), size: 6.6 * MB, sent: 2.8 * MB };
    const small = { ...item('small'), size: 12.9 * MB };
    expect(completedPercent([large, small])).toBe(Math.floor((2.8 / 19.5) * 100));
    expect(completedPercent([{ ...large, status: 'retrying' }])).toBe(42);
  });

  it('needs a non-blank name and at least one file', () => {
    expect(isComplete('Ana', [item('a')])).toBe(true);
    expect(isComplete('   ', [item('a')])).toBe(false);
    expect(isComplete('Ana', [])).toBe(false);
  });
});
