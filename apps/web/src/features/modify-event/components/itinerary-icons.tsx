import { ITINERARY_ICONS } from '@momentos/contract';
import { Cake, Camera, Car, Church, CircleDot, Gift, Heart, MapPin, Music, Utensils, Wine, type LucideIcon } from 'lucide-react';

export type ItineraryIconName = (typeof ITINERARY_ICONS)[number];

const ICONS: Record<ItineraryIconName, LucideIcon> = { Car, Church, CircleDot, Camera, Wine, Utensils, Cake, Heart, Music, Gift };

/** Spec 001 §3: an unknown icon name falls back to a pin. */
export function ItineraryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name as ItineraryIconName] ?? MapPin;
  return <Icon aria-hidden className={className} />;
}

export function isItineraryIcon(name: string): name is ItineraryIconName {
  return (ITINERARY_ICONS as readonly string[]).includes(name);
}
