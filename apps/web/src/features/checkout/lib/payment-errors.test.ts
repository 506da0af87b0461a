import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import en from '../../../../public/locales/en/checkout.json';
import es from '../../../../public/locales/es/checkout.json';
import { describePaymentError } from './payment-errors';

function checkoutT(lng: 'es' | 'en'): TFunction<'checkout'> {
  const i18n = createInstance();
  void i18n.init({
    lng,
    resources: { es: { checkout: es }, en: { checkout: en } },
    defaultNS: 'checkout',
    initAsync: false,
  });
  return i18n.getFixedT(lng, 'checkout') as TFunction<'checkout'>;
}

// The server's two 502s carry different codes, so each failure reads as what actually went wrong.
describe('describePaymentError', () => {
  it.each([
    ['en', 'Could not create the customer in the payment provider', 'An error occurred while processing payment'],
    ['es', 'No se pudo crear el cliente en el proveedor de pagos', 'Ocurrió un error al procesar el pago'],
  ] as const)('tells a failed customer from a failed checkout session (%s)', (lng, customerText, sessionText) => {
    const t = checkoutT(lng);
    expect(
      describePaymentError(t, new ApiError('Could not create payment customer', 502, 'CUSTOMER_CREATE_FAILED')),
    ).toBe(customerText);
    expect(
      describePaymentError(
        t,
        new ApiError('An error occurred while processing payment', 502, 'PAYMENT_PROVIDER_ERROR'),
      ),
    ).toBe(sessionText);
  });
});
