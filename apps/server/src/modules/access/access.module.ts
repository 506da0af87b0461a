import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { createAccessPolicy, registerAccessPolicy } from './access-policy.js';
import type { AccessLookups } from './access-types.js';
import { createRenditionSigner, type RenditionSigner } from './rendition-urls.js';
import { createHostLinkSigner, type HostLinkSigner } from './signed-links.js';

/** What the access module gives the modules registered after it (`accessOf(app)`). */
export interface AccessApi {
  /** A module's look-ups, over the rows it owns; each look-up is given once. */
  provide(lookups: Partial<AccessLookups>): void;
  /** Signs the host's download links (the album ZIP, an original) that `album-owner-or-link` routes accept. */
  links: HostLinkSigner;
  /** Signs the media URLs that `album-reader-or-link` routes accept (renditions, voice notes). */
  renditions: RenditionSigner;
}

const LOOKUPS: Record<keyof AccessLookups, true> = {
  findUser: true,
  album: true,
  albumForCode: true,
  guestByToken: true,
  albumOfPhoto: true,
  customizationOwner: true,
  orderOwner: true,
  ticket: true,
};

/** The look-ups the policy calls, each answered by the one a module provided. */
function lookupRegistry() {
  const provided: Partial<AccessLookups> = {};
  const use = <K extends keyof AccessLookups>(name: K): AccessLookups[K] => {
    const lookup = provided[name];
    if (!lookup) throw new Error(`The access policy has no ${name} look-up`);
    return lookup;
  };
  const lookups: AccessLookups = {
    findUser: (token) => use('findUser')(token),
    album: (albumId) => use('album')(albumId),
    albumForCode: (check) => use('albumForCode')(check),
    guestByToken: (albumId, token) => use('guestByToken')(albumId, token),
    albumOfPhoto: (photoId) => use('albumOfPhoto')(photoId),
    customizationOwner: (id) => use('customizationOwner')(id),
    orderOwner: (id) => use('orderOwner')(id),
    ticket: (id) => use('ticket')(id),
  };
  return {
    lookups,
    provide(part: Partial<AccessLookups>) {
      for (const name of Object.keys(part) as (keyof AccessLookups)[]) {
        if (provided[name]) throw new Error(`The access policy's ${name} look-up is provided twice`);
      }
      Object.assign(provided, part);
    },
    missing: () => (Object.keys(LOOKUPS) as (keyof AccessLookups)[]).filter((name) => !provided[name]),
  };
}

/**
 * Before any route: every route states its need and this one policy decides (access-policy.ts).
 * The modules registered after it give it their look-ups; a server missing one does not start.
 */
async function access(app: FastifyInstance, { config }: { config: Pick<Config, 'MEDIA_URL_SECRET'> }) {
  const registry = lookupRegistry();
  const links = createHostLinkSigner(config.MEDIA_URL_SECRET);
  const renditions = createRenditionSigner(config.MEDIA_URL_SECRET);
  registerAccessPolicy(app, createAccessPolicy(registry.lookups, { links, renditions }));
  app.decorate('access', { provide: registry.provide, links, renditions } satisfies AccessApi);
  app.addHook('onReady', async () => {
    const missing = registry.missing();
    if (missing.length > 0) throw new Error(`No module gave the access policy its ${missing.join(', ')} look-up`);
  });
}

export const accessModule = fp(access, { name: 'access' });

/** The access module's API, for a module whose plugin declares `dependencies: ['access']`. */
export const accessOf = (app: FastifyInstance) => app.getDecorator<AccessApi>('access');
