// The sandbox-checkout module's public face: the rest of the server imports only what is exported here.
export { sandboxCheckoutModule } from './sandbox-checkout.module.js';
