import type { PlanTier, Product } from '@momentos/contract';
import { PLAN_LIMITS } from '@momentos/contract/plan-limits';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render';
import esCheckout from '../../../../public/locales/es/checkout.json';
import { planFeatures, planGuestbookShort } from './plan-labels';

const i18n = createTestI18n();
i18n.addResourceBundle('es', 'checkout', esCheckout);
const t = i18n.getFixedT('es', 'checkout') as unknown as TFunction<'checkout'>;

const plan = (tier: PlanTier): Product => ({
  id: '6b1f0d7e-2c4a-4f7e-9a51-0f3f2b7c9d10',
  productId: `prod_${tier}`,
  priceId: `price_${tier}`,
  name: tier,
  description: '',
  price: 9.95,
  unitAmount: 995,
  currency: 'usd',
  active: true,
  metadata: { type: 'subscription', tier, is_addon: false, addon_type: null },
});

describe('the checkout’s plan features', () => {
  it('name the guestbook and the sections within the fixed card’s four lines', () => {
    expect(planFeatures(t, plan('basic'))).toEqual([
      'Hasta 50 invitados',
      '100 fotos · 5 videos',
      '100 mensajes en el libro de firmas · 1 sección',
      'Subidas hasta 7 días después del evento',
    ]);
    expect(planFeatures(t, plan('plus'))[2]).toBe('300 mensajes con notas de voz en el libro de firmas · 3 secciones');
    expect(planFeatures(t, plan('elite'))).toEqual([
      'Hasta 500 invitados',
      '1500 fotos · videos ilimitados',
      'Mensajes ilimitados con notas de voz en el libro de firmas · 12 secciones',
      'Subidas sin fecha de cierre',
    ]);
  });

  it('give each plan of the list its messages and sections in short', () => {
    expect(planGuestbookShort(t, PLAN_LIMITS.premium)).toBe('1000 mensajes · 6 secciones');
    expect(planGuestbookShort(t, PLAN_LIMITS.elite)).toBe('Mensajes ilimitados · 12 secciones');
  });
});
