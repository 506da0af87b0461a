// The help-center module's public face: the rest of the server imports only what is exported here.
export { helpCenterModule } from './help-center.module.js';
