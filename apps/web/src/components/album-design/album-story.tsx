import { clsx } from 'clsx';
import { ChevronDown, MapPin } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlbumFont } from '@/lib/album-fonts/album-fonts';
import type { GuestAlbum } from '@/lib/guest-album-query';
import { ItineraryIcon } from './itinerary-icon';

const card = 'rounded-3xl border border-ink/10 bg-white shadow-soft';
const summary = clsx(
  'flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-3xl px-5 py-3 font-semibold text-ink',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700 [&::-webkit-details-marker]:hidden',
);

function Heading({ id, fontFamily, children }: { id: string; fontFamily?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-xl font-semibold text-ink" style={{ fontFamily }}>
      {children}
    </h2>
  );
}

/** The itinerary as a compact timeline: icon, time, title, place (and the host's note, if any). */
function Timeline({ album, idPrefix }: { album: GuestAlbum; idPrefix: string }) {
  const last = album.itinerary.length - 1;
  return (
    <ol data-testid={`${idPrefix}-itinerary`} className="mt-3 flex flex-col">
      {album.itinerary.map((entry, index) => (
        <li key={entry.id} data-testid={`${idPrefix}-itinerary-entry`} className="flex gap-3">
          <div aria-hidden className="flex flex-col items-center">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-700">
              <ItineraryIcon name={entry.icon} className="size-4" />
            </span>
            {index < last && <span className="my-1 w-px flex-1 bg-rose-200" />}
          </div>
          <div className={index < last ? 'min-w-0 pb-4' : 'min-w-0'}>
            <p className="pt-1.5 text-sm break-words text-ink">
              <time className="mr-2 font-semibold text-rose-800 tabular-nums">{entry.time.slice(0, 5)}</time>
              <span className="font-semibold">{entry.title}</span>
            </p>
            {entry.location && (
              <p className="mt-0.5 flex items-start gap-1 text-sm break-words text-ink-soft">
                <MapPin aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                <span className="min-w-0">{entry.location}</span>
              </p>
            )}
            {entry.description && (
              <p className="mt-0.5 text-sm break-words whitespace-pre-line text-ink-soft">{entry.description}</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

interface Props {
  album: GuestAlbum;
  idPrefix: string;
  /** A disclosure (closed on a phone, where the photos come first), or an open card. */
  collapsible?: boolean;
}

/** The host's welcome text (line breaks kept) and the itinerary; nothing when the host wrote neither. */
export function AlbumStory({ album, idPrefix, collapsible = false }: Props) {
  const { t } = useTranslation('guest');
  const fontFamily = useAlbumFont(album.fontFamily);
  const id = useId();
  const [openAtFirst] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1024px)').matches,
  );
  const welcome = album.description.trim();
  if (!welcome && album.itinerary.length === 0) return null;

  const body = (
    <div className="flex flex-col gap-5">
      {welcome && (
        <section aria-labelledby={`${id}-welcome`}>
          <Heading id={`${id}-welcome`} fontFamily={fontFamily}>
            {t('design.welcome')}
          </Heading>
          <p data-testid={`${idPrefix}-welcome`} className="mt-2 break-words whitespace-pre-line text-ink">
            {welcome}
          </p>
        </section>
      )}
      {album.itinerary.length > 0 && (
        <section aria-labelledby={`${id}-itinerary`}>
          <Heading id={`${id}-itinerary`} fontFamily={fontFamily}>
            {t('design.itinerary')}
          </Heading>
          <Timeline album={album} idPrefix={idPrefix} />
        </section>
      )}
    </div>
  );

  if (!collapsible)
    return (
      <div data-testid={`${idPrefix}-story`} className={`${card} p-5 sm:p-7`}>
        {body}
      </div>
    );
  return (
    <details data-testid={`${idPrefix}-story`} open={openAtFirst} className={`${card} group self-start`}>
      <summary data-testid={`${idPrefix}-story-toggle`} className={summary}>
        {t('design.story')}
        <ChevronDown
          aria-hidden
          className="size-5 shrink-0 text-ink-soft transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <div className="px-5 pb-5">{body}</div>
    </details>
  );
}
