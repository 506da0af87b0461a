import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import enCommon from '../../public/locales/en/common.json';
import esCommon from '../../public/locales/es/common.json';
import { planTierName, translatePlanName } from './plan-name';

function tFor(lng: 'es' | 'en', ns = 'albumDetail'): TFunction {
  const i18n = createInstance();
  void i18n.init({
    lng,
    resources: { es: { common: esCommon }, en: { common: enCommon } },
    defaultNS: ns,
    initAsync: false,
  });
  return i18n.getFixedT(lng, ns);
}

describe('plan names', () => {
  it('are one name per plan in each language, whatever namespace the screen reads', () => {
    expect((['basic', 'plus', 'premium', 'elite'] as const).map((tier) => planTierName(tFor('es'), tier))).toEqual([
      'Básico',
      'Plus',
      'Premium',
      'Élite',
    ]);
    expect((['basic', 'plus', 'premium', 'elite'] as const).map((tier) => planTierName(tFor('en'), tier))).toEqual([
      'Basic',
      'Plus',
      'Premium',
      'Elite',
    ]);
  });

  it('translate the album’s package name the server sends', () => {
    expect(translatePlanName(tFor('es'), 'Basic')).toBe('Básico');
    expect(translatePlanName(tFor('es'), 'Elite')).toBe('Élite');
    expect(translatePlanName(tFor('en'), 'Elite')).toBe('Elite');
    expect(translatePlanName(tFor('es'), 'Gold')).toBe('Gold');
  });
});
