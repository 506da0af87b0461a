import { ITINERARY_ICONS } from '@momentos/contract';

export type ItineraryIconName = (typeof ITINERARY_ICONS)[number];

// The icon itself is shared with the guest screens, which show the itinerary too.
export { ItineraryIcon } from '@/components/album-design/itinerary-icon';

export function isItineraryIcon(name: string): name is ItineraryIconName {
  return (ITINERARY_ICONS as readonly string[]).includes(name);
}
