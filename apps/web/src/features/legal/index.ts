import { i18n } from '@/lib/i18n';

/**
 * The terms or the privacy page for the route table. Long text: its chunk and namespace load
 * together, so the page never renders its keys.
 */
export const loadLegalRoute = (name: 'TermsPage' | 'PrivacyPage') => async () => {
  const [screen] = await Promise.all([
    import('./components/legal-page'),
    i18n.loadNamespaces('legal').catch(() => undefined),
  ]);
  return { Component: screen[name] };
};
