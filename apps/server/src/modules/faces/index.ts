// The faces module's public face ("Find me"): the rest of the server imports only what is exported here.
export { facesModule, facesOf, type FacesApi } from './faces.module.js';
export { createFaceIndexWorker } from './face-index-worker.js';
