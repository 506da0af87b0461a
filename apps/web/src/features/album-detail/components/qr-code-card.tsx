import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, type ButtonVariant } from '@/components/ui/button';

interface QrCodeCardProps {
  /** The QR image's object URL, once loaded (useQrImage); a placeholder until then. */
  qr: string | undefined;
  eventName: string;
  /** `{testId}` on the image, `{testId}-download` on the download link. */
  testId: string;
  heading: ReactNode;
  /** Pixel size of the picture: the ready screen's is a little smaller than the share tab's. */
  size: 208 | 224;
  downloadVariant: ButtonVariant;
  className: string;
  labelledBy?: string;
}

/** The album's QR code with a button that saves it as `{event}_qr.png`, for printing or sending. */
export function QrCodeCard({
  qr,
  eventName,
  testId,
  heading,
  size,
  downloadVariant,
  className,
  labelledBy,
}: QrCodeCardProps) {
  const { t } = useTranslation('albumDetail');
  const box = size === 208 ? 'size-52' : 'size-56';
  return (
    <section aria-labelledby={labelledBy} className={`${className} flex flex-col items-center`}>
      {heading}
      {qr ? (
        <img
          data-testid={testId}
          src={qr}
          alt={t('share.qrAlt', { name: eventName })}
          width={size}
          height={size}
          className={`mt-3 ${box} rounded-xl border border-ink/10 bg-white p-2`}
        />
      ) : (
        <div aria-hidden className={`mt-3 ${box} animate-pulse rounded-xl bg-ink/5 motion-reduce:animate-none`} />
      )}
      <a
        href={qr}
        aria-disabled={!qr}
        download={`${eventName || 'album'}_qr.png`}
        data-testid={`${testId}-download`}
        className={buttonClass(downloadVariant, 'md', 'mt-4 w-full')}
      >
        <Download aria-hidden className="size-4" />
        {t('share.qrDownload')}
      </a>
    </section>
  );
}
