// The examples module's public face: the rest of the server imports only what is exported here.
export { examplesModule } from './examples.module.js';
