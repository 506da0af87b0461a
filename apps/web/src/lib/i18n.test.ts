import { describe, expect, it } from 'vitest';
import { StorageKeys } from './storage';
import { resolveInitialLanguage } from './i18n';

// Every namespace file of every locale, bundled by Vite at test time.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

function byLocale(): Map<string, Map<string, string[]>> {
  const locales = new Map<string, Map<string, string[]>>();
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    const namespaces = locales.get(match[1]) ?? new Map<string, string[]>();
    namespaces.set(match[2], flattenKeys(content).sort());
    locales.set(match[1], namespaces);
  }
  return locales;
}

describe('translation files', () => {
  const locales = byLocale();
  const es = locales.get('es');
  const en = locales.get('en');

  it('exist for Spanish and English', () => {
    expect(es?.get('common')?.length).toBeGreaterThan(50);
    expect(en?.get('common')?.length).toBeGreaterThan(50);
  });

  it('have the same namespaces in both languages', () => {
    expect([...(en?.keys() ?? [])].sort()).toEqual([...(es?.keys() ?? [])].sort());
  });

  it('have the same keys in every namespace', () => {
    for (const [ns, esKeys] of es ?? []) {
      const enKeys = en?.get(ns) ?? [];
      expect({ ns, missingInEn: esKeys.filter((k) => !enKeys.includes(k)) }).toEqual({ ns, missingInEn: [] });
      expect({ ns, missingInEs: enKeys.filter((k) => !esKeys.includes(k)) }).toEqual({ ns, missingInEs: [] });
    }
  });

  it('have no empty strings', () => {
    for (const content of Object.values(files)) {
      const empty = flattenKeys(content).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });
});

describe('resolveInitialLanguage', () => {
  it('defaults to Spanish', () => {
    expect(resolveInitialLanguage()).toBe('es');
  });

  it('uses a detected language when nothing is saved', () => {
    expect(resolveInitialLanguage('en')).toBe('en');
    expect(resolveInitialLanguage('fr')).toBe('es');
  });

  it('prefers the saved choice over detection', () => {
    localStorage.setItem(StorageKeys.language, 'en');
    expect(resolveInitialLanguage('es')).toBe('en');
  });
});
