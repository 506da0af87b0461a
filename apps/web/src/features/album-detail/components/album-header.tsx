import type { EventDetails } from '@momentos/contract';
import { ArrowLeft, CalendarDays, Eye, Film, Images, Package, Pencil } from 'lucide-react';
import { type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { StatusBadge } from '@/features/dashboard';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import { fontFamilyFor } from '@/lib/album-fonts/font-families';
import { formatDate } from '@/lib/format-date';
import { translatePlanName } from '@/lib/plan-name';
import { UploadWindowLine } from './upload-window-line';

/** Background image, badges, name in the host's font, long date, photo (and video) count and the actions. */
export function AlbumHeader({ ref, id, data }: { ref: Ref<HTMLElement>; id: string; data: EventDetails }) {
  const { t, i18n } = useTranslation('albumDetail');
  const { evento, habilidades, consolidado } = data;
  useAlbumFont(evento.fontFamily);
  const glass = 'border-white/30 bg-white/15 text-white backdrop-blur hover:bg-white/25 hover:border-white/50';

  return (
    <header
      ref={ref}
      data-testid="album-header"
      data-album-id={id}
      className="relative isolate overflow-hidden bg-ink text-white"
    >
      {evento.urlImagen ? (
        <img src={evento.urlImagen} alt="" className="absolute inset-0 -z-10 size-full object-cover opacity-60" />
      ) : (
        <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-br from-rose-900 via-rose-700 to-gold-700" />
      )}
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-t from-ink/90 via-ink/50 to-ink/20" />
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-8 sm:px-6 sm:pt-6 sm:pb-10">
        <Link
          to="/auth"
          data-testid="album-back"
          className={buttonClass('ghost', 'md', '-ml-2 text-white hover:bg-white/15')}
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('back')}
        </Link>
        <div className="mt-10 flex flex-wrap gap-2 sm:mt-16">
          <StatusBadge active={evento.estatus} />
          <span
            data-testid="album-package"
            className="inline-flex items-center gap-1 rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-semibold text-gold-800"
          >
            <Package aria-hidden className="size-3.5" />
            {t('package', { name: translatePlanName(t, habilidades.paquete) })}
          </span>
        </div>
        <h1
          data-testid="album-name"
          className="mt-3 text-3xl font-semibold break-words sm:text-5xl"
          style={{ fontFamily: fontFamilyFor(evento.fontFamily) }}
        >
          {evento.nombre}
        </h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-white/90">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden className="size-4" />
            <span data-testid="album-date">
              {evento.fechaDeEvento ? formatDate(evento.fechaDeEvento, i18n.language, 'long') : t('noDate')}
            </span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Images aria-hidden className="size-4" />
            <span data-testid="album-photo-count">{t('photoCount', { count: consolidado.photos })}</span>
          </span>
          {consolidado.videos > 0 && (
            <span className="inline-flex items-center gap-1.5">
              <Film aria-hidden className="size-4" />
              <span data-testid="album-video-count">{t('videoCount', { count: consolidado.videos })}</span>
            </span>
          )}
        </p>
        <UploadWindowLine data={data} className="mt-2 flex items-start gap-1.5 text-white/90" />
        <div className="mt-6 flex flex-wrap gap-2">
          {evento.customization_id && (
            <Link
              to={`/modify/${evento.customization_id}`}
              data-testid="album-modify"
              className={buttonClass('secondary', 'md', glass)}
            >
              <Pencil aria-hidden className="size-4" />
              {t('modify')}
            </Link>
          )}
          <a
            href={`/guest/${evento.accessCode}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="album-view-as-guest"
            className={buttonClass('secondary', 'md', glass)}
          >
            <Eye aria-hidden className="size-4" />
            {t('viewAsGuest')}
          </a>
        </div>
      </div>
    </header>
  );
}
