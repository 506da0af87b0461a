// The checkout module's public face: the rest of the server imports only what is exported here.
export { addonCheckoutRoutes } from './addon-checkout.routes.js';
export { createAddonCheckoutService } from './addon-checkout.service.js';
export { createCheckoutRepository } from './checkout.repository.js';
export { checkoutRoutes } from './checkout.routes.js';
export { createCheckoutService, toOrder } from './checkout.service.js';
export { createPaymentConfirmationService, type PaymentConfirmationService } from './payment-confirmation.service.js';
export { webhookRoutes } from './webhook.routes.js';
