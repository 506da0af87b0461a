import type { Product } from '@momentos/contract';
import { PLAN_LIMITS, type PlanLimits } from '@momentos/contract/plan-limits';
import type { TFunction } from 'i18next';
import { planTierName } from '@/lib/plan-name';
import { MAX_PLAN_FEATURES } from '../lib/pricing';

/** The site's name of the plan's tier (lib/plan-name.ts); the catalogue's own name when the tier is unknown. */
export function planName(t: TFunction<'checkout'>, plan: Product): string {
  return plan.metadata.tier ? planTierName(t as unknown as TFunction, plan.metadata.tier) : plan.name;
}

/** Spec 000 §3: add-on copy comes from translations by type, else the raw type and no text. */
export function addonName(t: TFunction<'checkout'>, addon: Product): string {
  const type = addon.metadata.addon_type ?? addon.name;
  return t(`addons.names.${type}`, { defaultValue: type });
}

export function addonDescription(t: TFunction<'checkout'>, addon: Product): string {
  const type = addon.metadata.addon_type;
  return type ? t(`addons.descriptions.${type}`, { defaultValue: '' }) : '';
}

/** "100 mensajes · 1 sección": the guestbook and the sections, short, for a plan's card in the list. */
export function planGuestbookShort(t: TFunction<'checkout'>, limits: PlanLimits): string {
  return t('plans.guestbook', {
    messages: limits.messages === null ? t('plans.messagesUnlimited') : t('plans.messages', { count: limits.messages }),
    sections: t('features.sections', { count: limits.sections }),
  });
}

/**
 * The plan card's features: the tier's limits of spec 000 §9 and the guestbook's, never more than
 * four (spec 000 §2), so photos share a line with videos and messages with sections.
 */
export function planFeatures(t: TFunction<'checkout'>, plan: Product): string[] {
  const limits = plan.metadata.tier ? PLAN_LIMITS[plan.metadata.tier] : null;
  if (!limits) return plan.description ? [plan.description] : [];
  const messages =
    limits.messages === null
      ? t('features.messagesUnlimited')
      : t(limits.voiceNotes ? 'features.messagesVoice' : 'features.messages', { count: limits.messages });
  return [
    t('features.guests', { count: limits.guests }),
    limits.videos === null
      ? t('features.mediaVideosUnlimited', { photos: t('features.photos', { count: limits.photos }) })
      : t('features.media', {
          photos: t('features.photos', { count: limits.photos }),
          videos: t('features.videos', { count: limits.videos }),
        }),
    t('features.guestbook', { messages, sections: t('features.sections', { count: limits.sections }) }),
    limits.days === null ? t('features.permanent') : t('features.days', { count: limits.days }),
  ].slice(0, MAX_PLAN_FEATURES);
}
