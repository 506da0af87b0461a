// The sandbox-checkout module's public face: the rest of the server imports only what is exported here.
export { sandboxCheckoutRoutes } from './sandbox-checkout.routes.js';
