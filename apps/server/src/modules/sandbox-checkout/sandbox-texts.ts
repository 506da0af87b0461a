import type { SiteLanguage } from '../../platform/http/accept-language.js';
import type { CardProblem } from './card-check.js';

/** Every word of the sandbox's card page, in the buyer's language (the web app's checkout passes it). */
export const SANDBOX_TEXTS = {
  es: {
    title: (total: string) => `Pagar ${total} · Momentos (modo de prueba)`,
    badge: 'Modo de prueba',
    paymentLabel: 'Pago',
    summaryLabel: 'Tu pedido',
    cardNumber: 'Número de tarjeta',
    expiry: 'Vencimiento',
    expiryPlaceholder: 'MM / AA',
    cvc: 'CVC',
    pay: (total: string) => `Pagar ${total}`,
    back: 'Volver a tu pedido',
    declined: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta o vuelve a tu pedido.',
    formUnreadable: 'No pudimos leer el formulario. Inténtalo de nuevo.',
    hint: 'Modo de prueba: con 4242 4242 4242 4242 se paga y 4000 0000 0000 0002 se rechaza. No se cobra ninguna tarjeta real.',
    paid: 'Este pago ya está hecho.',
    closed: 'Esta sesión de pago se cerró. Vuelve a tu pedido para pagar de nuevo.',
    notFound: 'Esta sesión de pago no existe.',
    problems: {
      cardNumber: 'El número de tarjeta no es válido.',
      expiry: 'La fecha de vencimiento no es válida o ya pasó (MM/AA).',
      cvc: 'El código de seguridad (CVC) no es válido.',
      notTestCard:
        'Este modo de prueba acepta las tarjetas 4242 4242 4242 4242 (se paga) y 4000 0000 0000 0002 (se rechaza).',
    } satisfies Record<CardProblem, string>,
  },
  en: {
    title: (total: string) => `Pay ${total} · Momentos sandbox`,
    badge: 'Sandbox',
    paymentLabel: 'Payment',
    summaryLabel: 'Your order',
    cardNumber: 'Card number',
    expiry: 'Expiry',
    expiryPlaceholder: 'MM / YY',
    cvc: 'CVC',
    pay: (total: string) => `Pay ${total}`,
    back: 'Back to your order',
    declined: 'Your card was declined. Try another card, or go back to your order.',
    formUnreadable: 'The form could not be read. Please try again.',
    hint: 'Test mode: 4242 4242 4242 4242 pays and 4000 0000 0000 0002 is declined. No real card is charged.',
    paid: 'This payment is already done.',
    closed: 'This checkout session was closed. Go back to your order to pay again.',
    notFound: 'This checkout session does not exist.',
    problems: {
      cardNumber: 'The card number is not valid.',
      expiry: 'The expiry date is invalid or in the past (MM/YY).',
      cvc: 'The security code (CVC) is not valid.',
      notTestCard: 'This sandbox accepts the test cards 4242 4242 4242 4242 (pays) and 4000 0000 0000 0002 (declined).',
    } satisfies Record<CardProblem, string>,
  },
} as const satisfies Record<SiteLanguage, unknown>;

export type SandboxTexts = (typeof SANDBOX_TEXTS)[SiteLanguage];
