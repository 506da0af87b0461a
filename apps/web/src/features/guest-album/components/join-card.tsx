import { clsx } from 'clsx';
import type { Slideshow } from '@momentos/contract';
import { useTranslation } from 'react-i18next';

/** The QR code and the 6-digit code, for guests in the room to join and add their photos. */
export function JoinCard({ slideshow, size }: { slideshow: Slideshow; size: 'corner' | 'large' }) {
  const { t } = useTranslation('album');
  const code = `${slideshow.accessCode.slice(0, 3)} ${slideshow.accessCode.slice(3)}`;
  return (
    <div
      data-testid="slideshow-join"
      className={clsx(
        'flex items-center gap-4 rounded-2xl bg-white text-ink shadow-lift',
        size === 'large' ? 'flex-col p-6' : 'p-3',
      )}
    >
      <img
        src={slideshow.qrUrl}
        alt={t('slideshow.qrAlt')}
        className={size === 'large' ? 'size-56 sm:size-64' : 'size-24 sm:size-32'}
      />
      <div className={clsx(size === 'large' ? 'text-center' : 'max-w-44')}>
        <p className={clsx('font-semibold', size === 'large' ? 'text-xl' : 'text-sm')}>{t('slideshow.scan')}</p>
        <p className={clsx('text-ink-soft', size === 'large' ? 'mt-1' : 'text-xs')}>{t('slideshow.orCode')}</p>
        <p
          data-testid="slideshow-code"
          className={clsx('font-mono font-bold tracking-widest', size === 'large' ? 'mt-2 text-4xl' : 'text-2xl')}
        >
          {code}
        </p>
      </div>
    </div>
  );
}
