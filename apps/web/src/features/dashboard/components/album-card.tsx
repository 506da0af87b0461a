import type { EventListEntry } from '@momentos/contract';
import { clsx } from 'clsx';
import { CalendarClock, CalendarDays, Eye, Images, MoreVertical, Pencil, ShoppingBag } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { track } from '@/lib/tracking/tracking';

export function StatusBadge({ active, className }: { active: boolean; className?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <span
      data-testid="album-status"
      data-active={active}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        active ? 'bg-emerald-50 text-emerald-800' : 'bg-ink/5 text-ink-soft',
        className,
      )}
    >
      <span aria-hidden className={clsx('size-1.5 rounded-full', active ? 'bg-emerald-600' : 'bg-ink-soft')} />
      {active ? t('albums.active') : t('albums.inactive')}
    </span>
  );
}

/** The album's picture, or a warm fallback when it has none or it fails to load. */
function Cover({ url, name }: { url: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div
        data-testid="album-card-fallback"
        className="flex size-full items-center justify-center bg-gradient-to-br from-rose-100 via-paper-deep to-gold-100"
      >
        <Images aria-hidden className="size-10 text-rose-700/50" />
      </div>
    );
  }
  return <img src={url} alt={name} loading="lazy" onError={() => setFailed(true)} className="size-full object-cover" />;
}

/** The last day guests can upload, as the server names it in the album's time zone. */
function UploadsClose({ album }: { album: EventListEntry }) {
  const { t, i18n } = useTranslation('dashboard');
  const day = album.uploadsCloseDate;
  const label =
    day === null ? t('albums.uploadsLabel') : album.estatus ? t('albums.uploadsUntil') : t('albums.uploadsClosed');
  return (
    <div data-testid="album-card-uploads" className="flex items-center gap-2">
      <CalendarClock aria-hidden className="size-4 shrink-0" />
      <dt>{label}</dt>
      <dd>{day === null ? t('albums.uploadsNeverClose') : formatDate(day, i18n.language)}</dd>
    </div>
  );
}

/** Spec 001 §2 album card: image, name, active badge, event, purchase and upload-close dates, and a menu. */
export function AlbumCard({ album }: { album: EventListEntry }) {
  const { t, i18n } = useTranslation('dashboard');
  const navigate = useNavigate();
  const href = `/album-detail/${album.id}`;
  const canModify = album.has_customization && Boolean(album.customization_id);
  const name = album.nombre || t('albums.unnamed');
  const onOpen = () => track('dashboard_album_clicked', { album_id: album.id });

  return (
    <article
      data-testid="album-card"
      data-album-id={album.id}
      className="group relative overflow-hidden rounded-2xl border border-ink/10 bg-white shadow-soft transition hover:shadow-lift motion-reduce:transition-none"
    >
      <Link
        to={href}
        onClick={onOpen}
        className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
      >
        <div className="aspect-[4/3] overflow-hidden bg-paper-deep">
          <Cover url={album.urlImagen} name={name} />
        </div>
        <div className="p-4 pr-14">
          <StatusBadge active={album.estatus} />
          <h3 data-testid="album-card-name" className="mt-2 text-lg font-semibold break-words text-ink">
            {name}
          </h3>
          <dl className="mt-2 grid gap-1 text-sm text-ink-soft">
            <div className="flex items-center gap-2">
              <CalendarDays aria-hidden className="size-4 shrink-0" />
              <dt className="sr-only">{t('albums.eventDate')}</dt>
              <dd>{album.fechaDeEvento ? formatDate(album.fechaDeEvento, i18n.language) : t('albums.noDate')}</dd>
            </div>
            <div className="flex items-center gap-2">
              <ShoppingBag aria-hidden className="size-4 shrink-0" />
              <dt>{t('albums.purchased')}</dt>
              <dd>{formatDate(album.fechaCompra, i18n.language)}</dd>
            </div>
            <UploadsClose album={album} />
          </dl>
        </div>
      </Link>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          data-testid="album-card-menu"
          aria-label={t('albums.menu', { name })}
          className="absolute right-2 bottom-3 inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-rose-700"
        >
          <MoreVertical aria-hidden className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 rounded-xl border border-ink/10 bg-white p-1 shadow-lift"
          >
            <DropdownMenu.Item
              data-testid="album-card-view"
              onSelect={() => {
                onOpen();
                void navigate(href);
              }}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-ink outline-none data-[highlighted]:bg-paper-deep"
            >
              <Eye aria-hidden className="size-4" />
              {t('albums.view')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              data-testid="album-card-modify"
              disabled={!canModify}
              onSelect={() => {
                track('dashboard_personalize_clicked', { album_id: album.id });
                void navigate(`/modify/${album.customization_id}`);
              }}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-ink outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-paper-deep"
            >
              <Pencil aria-hidden className="size-4" />
              <span className="flex-1">{t('albums.modify')}</span>
              {!canModify && <span className="text-xs text-ink-soft">{t('albums.notAvailable')}</span>}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </article>
  );
}

export function AlbumCardSkeleton() {
  return (
    <div
      data-testid="album-card-skeleton"
      aria-hidden
      className="overflow-hidden rounded-2xl border border-ink/10 bg-white"
    >
      <div className="aspect-[4/3] animate-pulse bg-ink/5 motion-reduce:animate-none" />
      <div className="grid gap-2 p-4">
        <div className="h-5 w-16 animate-pulse rounded-full bg-ink/5 motion-reduce:animate-none" />
        <div className="h-6 w-3/4 animate-pulse rounded-lg bg-ink/10 motion-reduce:animate-none" />
        <div className="h-4 w-1/2 animate-pulse rounded-lg bg-ink/5 motion-reduce:animate-none" />
        <div className="h-4 w-2/3 animate-pulse rounded-lg bg-ink/5 motion-reduce:animate-none" />
      </div>
    </div>
  );
}
