import type { PlanTier, Product } from '@momentos/contract';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render';
import esHome from '../../../../public/locales/es/home.json';
import { PlanCard } from './plan-card';

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
  metadata: { type: 'one_time', tier, is_addon: false, addon_type: null },
});

function features(tier: PlanTier) {
  const i18n = createTestI18n();
  i18n.addResourceBundle('es', 'home', esHome);
  const { unmount } = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ul>
          <PlanCard plan={plan(tier)} />
        </ul>
      </MemoryRouter>
    </I18nextProvider>,
  );
  const lines = screen.getAllByRole('listitem').map((item) => item.textContent);
  unmount();
  return lines;
}

describe('the pricing card’s guestbook and sections', () => {
  it('names Basic’s messages and its one section, without voice notes', () => {
    const lines = features('basic');
    expect(lines).toEqual(expect.arrayContaining(['100 mensajes en el libro de firmas', '1 sección']));
    expect(lines).not.toContain('Notas de voz en los mensajes');
  });

  it('names voice notes from Plus, and Elite’s unlimited messages', () => {
    expect(features('plus')).toEqual(
      expect.arrayContaining(['300 mensajes en el libro de firmas', 'Notas de voz en los mensajes', '3 secciones']),
    );
    expect(features('elite')).toEqual(
      expect.arrayContaining([
        'Mensajes ilimitados en el libro de firmas',
        'Notas de voz en los mensajes',
        '12 secciones',
      ]),
    );
  });
});
