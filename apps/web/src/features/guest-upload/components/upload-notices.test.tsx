import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createGuestI18n } from '@/test/render';
import { partitionFiles } from '../lib/selection';
import { RejectedNotice } from './upload-notices';

/** What the guest reads after picking these files, in one language. */
function noticeFor(lng: 'es' | 'en', files: File[], videosAllowed: boolean) {
  const { rejected } = partitionFiles(files, videosAllowed);
  render(
    <I18nextProvider i18n={createGuestI18n(lng)}>
      <RejectedNotice rejected={rejected} videosAllowed={videosAllowed} onDismiss={() => undefined} />
    </I18nextProvider>,
  );
  return screen.getByTestId('guest-rejected');
}

const tiffAndJpeg = () => [
  new File(['II*'], 'escaneo.tiff', { type: 'image/tiff' }),
  new File(['jpeg'], 'brindis.jpg', { type: 'image/jpeg' }),
];

describe('RejectedNotice', () => {
  it.each([
    ['es', 'escaneo.tiff: formato no admitido', 'Solo se pueden subir fotos JPEG, PNG, WebP, GIF o HEIC'],
    ['en', 'escaneo.tiff: format not supported', 'Only JPEG, PNG, WebP, GIF, or HEIC photos can be uploaded'],
  ] as const)('in %s, names a TIFF as an unsupported format and lists the formats taken', (lng, line, formats) => {
    const notice = noticeFor(lng, tiffAndJpeg(), false);
    expect(within(notice).getByText(line)).toBeInTheDocument();
    expect(within(notice).getByText(formats)).toBeInTheDocument();
    expect(notice).not.toHaveTextContent('brindis.jpg');
  });

  it.each([
    ['es', 'Solo se pueden subir fotos y videos: fotos JPEG, PNG, WebP, GIF o HEIC y videos MP4, MOV o WebM'],
    ['en', 'Only photos and videos can be uploaded: JPEG, PNG, WebP, GIF, or HEIC photos and MP4, MOV, or WebM videos'],
  ] as const)('in %s, lists the video formats too when the plan takes videos', (lng, formats) => {
    const notice = noticeFor(lng, [new File(['riff'], 'baile.avi', { type: 'video/x-msvideo' })], true);
    expect(within(notice).getByText(formats)).toBeInTheDocument();
  });

  it.each([
    ['es', 'fiesta.jpg pesa 30.0 MB; el máximo es 25 MB'],
    ['en', 'fiesta.jpg is 30.0 MB; the limit is 25 MB'],
  ] as const)("in %s, states the contract's size limit in whole megabytes", (lng, line) => {
    const big = new File(['x'], 'fiesta.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 });
    expect(within(noticeFor(lng, [big], false)).getByText(line)).toBeInTheDocument();
  });
});
