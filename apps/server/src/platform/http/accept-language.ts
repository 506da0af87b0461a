export type SiteLanguage = 'es' | 'en';

/**
 * The first of our languages in an Accept-Language header, by the browser's order of preference
 * (q values); undefined when it names neither Spanish nor English.
 */
export function preferredLanguage(header: string | string[] | undefined): SiteLanguage | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim().match(/^q=([\d.]+)$/)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry) => entry.primary === 'es' || entry.primary === 'en');
  return found?.primary as SiteLanguage | undefined;
}
