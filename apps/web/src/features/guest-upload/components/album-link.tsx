import { Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';

/** Spec 001 §2: '¿Quieres ver todas las fotos del álbum?' and 'Ver álbum completo →' to /album/{albumId}. */
export function AlbumLink({ albumId, prominent = false }: { albumId: string; prominent?: boolean }) {
  const { t } = useTranslation('guest');
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <p className="text-sm text-ink-soft">{t('albumLink.question')}</p>
      <Link data-testid="guest-album-link" to={`/album/${albumId}`} className={prominent ? buttonClass('primary', 'lg', 'w-full') : buttonClass('link')}>
        {prominent && <Images aria-hidden className="size-5" />}
        {t('albumLink.cta')}
      </Link>
    </div>
  );
}
