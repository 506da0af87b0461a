import { Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';

/**
 * Spec 001 §2: '¿Quieres ver todas las fotos del álbum?' and 'Ver álbum completo →' to /album/{albumId}.
 * The code goes along (the album screen keeps it and takes it out of the address): without it, a
 * guest who has not uploaded yet, or who finds the album closed, was asked for the code again.
 */
export function AlbumLink({
  albumId,
  accessCode,
  prominent = false,
}: {
  albumId: string;
  accessCode: string;
  prominent?: boolean;
}) {
  const { t } = useTranslation('guest');
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <p className="text-sm text-ink-soft">{t('albumLink.question')}</p>
      <Link
        data-testid="guest-album-link"
        to={`/album/${albumId}?code=${encodeURIComponent(accessCode)}`}
        className={prominent ? buttonClass('primary', 'lg', 'w-full') : buttonClass('link')}
      >
        {prominent && <Images aria-hidden className="size-5" />}
        {t('albumLink.cta')}
      </Link>
    </div>
  );
}
