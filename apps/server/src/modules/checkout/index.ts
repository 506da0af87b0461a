// The checkout module's public face: the rest of the server imports only what is exported here.
export { checkoutModule, checkoutOf, type CheckoutApi } from './checkout.module.js';
export { toOrder } from './checkout.service.js';
export { type PaymentConfirmationService } from './payment-confirmation.service.js';
