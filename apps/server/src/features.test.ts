import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessModule, accessOf } from './modules/access/index.js';
import { guestsModule } from './modules/guests/index.js';
import { sandboxCheckoutModule } from './modules/sandbox-checkout/index.js';

// What features.ts relies on to keep its list honest: each module names what it uses, and the
// access policy knows every look-up it needs. The whole list is started by every API test.
describe('the modules the server is made of', () => {
  const config = { MEDIA_URL_SECRET: 'x'.repeat(32) };

  it('stop the start when one is registered before a module it uses', async () => {
    const app = Fastify();
    await expect(app.register(guestsModule, {} as never)).rejects.toThrow(
      "The dependency 'access' of plugin 'guests' is not registered",
    );
    const other = Fastify();
    await other.register(accessModule, { config });
    await expect(other.register(sandboxCheckoutModule, {} as never)).rejects.toThrow(
      "The dependency 'checkout' of plugin 'sandbox-checkout' is not registered",
    );
  });

  it('stop the start while a look-up of the access policy is missing, naming it', async () => {
    const app = Fastify();
    await app.register(accessModule, { config });
    accessOf(app).provide({ findUser: async () => undefined, ticket: async () => undefined });
    await expect(app.ready()).rejects.toThrow(
      'No module gave the access policy its album, albumForCode, guestByToken, albumOfPhoto, customizationOwner, orderOwner look-up',
    );
  });

  it('give each look-up once', async () => {
    const app = Fastify();
    await app.register(accessModule, { config });
    accessOf(app).provide({ ticket: async () => undefined });
    expect(() => accessOf(app).provide({ ticket: async () => undefined })).toThrow(
      "The access policy's ticket look-up is provided twice",
    );
  });
});
