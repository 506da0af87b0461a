import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { readStorage, StorageKeys, writeStorage } from './storage';
import { track } from './tracking/tracking';

export const SUPPORTED_LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'es';
export const NAMESPACES = [
  'common',
  'home',
  'checkout',
  'help',
  'personalization',
  'modify',
  'guest',
  'album',
  'dashboard',
  'albumDetail',
  'legal',
  'guestbook',
] as const;

// The shell and the landing page paint without waiting for a translation request: `common` and
// `home` of both languages (about 8 KiB gzip) ship inside the JavaScript. Every other namespace
// is fetched over HTTP, with retries, when a screen first asks for it.
const bundledFiles = import.meta.glob<Record<string, unknown>>('../../public/locales/*/{common,home}.json', {
  eager: true,
  import: 'default',
});
const BUNDLED_NAMESPACES = ['common', 'home'] as const;

function bundledResources(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(bundledFiles)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = content;
  }
  return resources;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Spec 000 §4: the saved preference wins, then a detected language (the visitor's country, else
 * the browser's language: lib/geo.ts), then Spanish.
 */
export function resolveInitialLanguage(detected?: string | null): Language {
  const saved = readStorage(StorageKeys.language);
  if (isLanguage(saved)) return saved;
  if (isLanguage(detected)) return detected;
  return FALLBACK_LANGUAGE;
}

function applyLanguage(lng: string): void {
  const language = isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
  document.documentElement.lang = language;
}

/** The language the site is shown in now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
}

/** Changes the language and remembers the choice for the next visit. */
export async function changeLanguage(lng: Language): Promise<void> {
  writeStorage(StorageKeys.language, lng);
  track('language_changed', { from: i18n.resolvedLanguage ?? null, to: lng });
  await i18n.changeLanguage(lng);
}

/**
 * `common` and `home` are bundled, so this resolves at once; the other namespaces load over HTTP
 * when a screen needs them, and i18next retries a failed file 5 times from 350 ms, doubling.
 */
export function initI18n(detected?: string | null) {
  i18n.on('languageChanged', applyLanguage);
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: resolveInitialLanguage(detected),
      // No fallback language: i18next would fetch every namespace in Spanish too for an English
      // visitor (two files where one is read). Both languages have the same keys (i18n.test.ts).
      fallbackLng: false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      resources: bundledResources(),
      partialBundledLanguages: true,
      ns: [...BUNDLED_NAMESPACES],
      initAsync: false,
      defaultNS: 'common',
      load: 'languageOnly',
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export { i18n };
