import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/**
 * Description, Open Graph tags and the web app manifest follow the current language. index.html
 * carries the Spanish ones for crawlers that run no script.
 */
export function usePageMeta() {
  const { t, i18n } = useTranslation('home');
  const language = i18n.resolvedLanguage ?? 'es';
  useEffect(() => {
    const title = `${t('meta.title')} · Momentos`;
    const description = t('meta.description');
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:locale', t('meta.locale'));
    setMeta('property', 'og:image', `${window.location.origin}/og-image.png`);
    setMeta('property', 'og:image:alt', t('meta.ogImageAlt'));
    setMeta('property', 'og:url', window.location.origin + window.location.pathname);
    document.head
      .querySelector<HTMLLinkElement>('link[rel="manifest"]')
      ?.setAttribute('href', `/manifest.${language}.webmanifest`);
  }, [t, language]);
}
