import {
  Cake,
  Camera,
  Car,
  Church,
  CircleDot,
  Gift,
  Heart,
  MapPin,
  Music,
  Utensils,
  Wine,
  type LucideIcon,
} from 'lucide-react';

// Spec 001 §3's icon names (ITINERARY_ICONS in the contract, not imported: that would bring zod
// into the guest page).
const ICONS: Readonly<Record<string, LucideIcon>> = {
  Car,
  Church,
  CircleDot,
  Camera,
  Wine,
  Utensils,
  Cake,
  Heart,
  Music,
  Gift,
};

/** An itinerary entry's lucide icon; an unknown name falls back to a pin (spec 001 §3). */
export function ItineraryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = Object.hasOwn(ICONS, name) ? ICONS[name]! : MapPin;
  return <Icon aria-hidden className={className} />;
}
