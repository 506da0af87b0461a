// The media-jobs module's public face: the rest of the server imports only what is exported here.
export { createMediaJobs } from './media-jobs.js';
export { mediaJobsModule, mediaJobsOf, type MediaJobsApi } from './media-jobs.module.js';
export { playbackOf, type VideoPlaybackService } from './video-playback.service.js';
