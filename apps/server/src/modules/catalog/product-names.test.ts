import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDON_NAMES, PLAN_NAMES, productName } from './product-names.js';

const locale = (language: string, namespace: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, `../../../../web/public/locales/${language}/${namespace}.json`),
      'utf8',
    ),
  );

describe('product names', () => {
  it.each(['es', 'en'] as const)(
    'are the web app’s names in %s: one name per plan and add-on everywhere',
    (language) => {
      expect(PLAN_NAMES[language]).toEqual(locale(language, 'common').plans);
      expect(ADDON_NAMES[language]).toEqual(locale(language, 'checkout').addons.names);
    },
  );

  it('names a plan by its tier and an add-on by its type, else keeps the catalogue’s name', () => {
    expect(productName({ name: 'Basic', tier: 'basic', addonType: null }, 'es')).toBe('Básico');
    expect(productName({ name: 'Elite', tier: 'elite', addonType: null }, 'en')).toBe('Elite');
    expect(productName({ name: 'Extra guests', tier: null, addonType: 'extra_guests' }, 'es')).toBe('Invitados extra');
    expect(productName({ name: 'Mystery box', tier: null, addonType: 'mystery' }, 'es')).toBe('Mystery box');
  });
});
