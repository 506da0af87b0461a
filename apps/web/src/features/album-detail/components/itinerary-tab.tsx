import type { ItineraryEntry } from '@momentos/contract';
import {
  Cake,
  Camera,
  Car,
  Church,
  CircleDot,
  Gift,
  Heart,
  type LucideIcon,
  MapPin,
  Music,
  Utensils,
  Wine,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<string, LucideIcon> = { Car, Church, CircleDot, Camera, Wine, Utensils, Cake, Heart, Music, Gift };

/** Spec 001 §2 Itinerario: icon (pin as fallback), HH:MM, title, description, location. */
export function ItineraryTab({ entries }: { entries: ItineraryEntry[] }) {
  const { t } = useTranslation('albumDetail');
  if (entries.length === 0) {
    return (
      <div
        data-testid="itinerary-empty"
        className="rounded-3xl border border-dashed border-ink/15 bg-white px-6 py-12 text-center"
      >
        <p className="font-display text-2xl text-ink">{t('itinerary.emptyTitle')}</p>
        <p className="mt-2 text-ink-soft">{t('itinerary.emptyText')}</p>
      </div>
    );
  }
  return (
    <ol
      data-testid="itinerary-list"
      className="relative grid gap-3 before:absolute before:top-4 before:bottom-4 before:left-[2.375rem] before:w-px before:bg-rose-100"
    >
      {entries.map((entry) => {
        const Icon = ICONS[entry.icono] ?? MapPin;
        return (
          <li
            key={entry.id}
            data-testid="itinerary-item"
            className="relative flex gap-4 rounded-2xl border border-ink/10 bg-white p-4 shadow-soft"
          >
            <span className="z-10 flex size-11 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-700">
              <Icon aria-hidden className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="font-mono text-sm font-semibold text-rose-800" data-testid="itinerary-time">
                {entry.hora.slice(0, 5)}
              </p>
              <h3 className="text-lg font-semibold break-words text-ink">{entry.titulo}</h3>
              {entry.descripcion && <p className="mt-1 break-words text-ink-soft">{entry.descripcion}</p>}
              {entry.ubicacion && (
                <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-ink-soft">
                  <MapPin aria-hidden className="size-4 shrink-0" />
                  {entry.ubicacion}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
