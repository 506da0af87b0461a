import type { AddonType, PlanTier } from '@momentos/contract';
import type { SiteLanguage } from '../../platform/http/accept-language.js';

/**
 * The one name of each plan and add-on per language, as the web app shows them (its locale files
 * `common.plans` and `checkout.addons.names`; product-names.test.ts keeps the two equal). The
 * catalogue's own `name` is the English one the payment provider's dashboard shows.
 */
export const PLAN_NAMES: Record<SiteLanguage, Record<PlanTier, string>> = {
  es: { basic: 'Básico', plus: 'Plus', premium: 'Premium', elite: 'Élite' },
  en: { basic: 'Basic', plus: 'Plus', premium: 'Premium', elite: 'Elite' },
};

export const ADDON_NAMES: Record<SiteLanguage, Record<AddonType, string>> = {
  es: {
    priority_support: 'Soporte prioritario',
    watermark_removal: 'Sin marca de agua',
    extra_guests: 'Invitados extra',
    extra_photos: 'Fotos extra',
    extra_videos: 'Videos extra',
    full_hd_videos: 'Videos en Full HD',
    album_download: 'Descarga del álbum',
    advanced_analytics: 'Analíticas avanzadas',
    dedicated_support: 'Soporte dedicado',
  },
  en: {
    priority_support: 'Priority support',
    watermark_removal: 'Watermark removal',
    extra_guests: 'Extra guests',
    extra_photos: 'Extra photos',
    extra_videos: 'Extra video clips',
    full_hd_videos: 'Full HD videos',
    album_download: 'Album download',
    advanced_analytics: 'Advanced analytics',
    dedicated_support: 'Dedicated support',
  },
};

/** A catalogue item's name in `language`; the catalogue's own name for an item of no known kind. */
export function productName(
  product: { name: string; tier: string | null; addonType: string | null },
  language: SiteLanguage,
): string {
  if (product.tier && product.tier in PLAN_NAMES[language]) return PLAN_NAMES[language][product.tier as PlanTier];
  if (product.addonType && product.addonType in ADDON_NAMES[language])
    return ADDON_NAMES[language][product.addonType as AddonType];
  return product.name;
}
