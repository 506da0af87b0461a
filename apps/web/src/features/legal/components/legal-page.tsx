import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export type LegalDocument = 'terms' | 'privacy';

/** A section of legal.json: a heading, paragraphs (p1, p2…) and lists (an object of items), in file order. */
type Section = Record<string, string | Record<string, string>> & { heading: string };

const OTHER: Record<LegalDocument, { path: string; label: 'otherPrivacy' | 'otherTerms' }> = {
  terms: { path: '/privacy', label: 'otherPrivacy' },
  privacy: { path: '/terms', label: 'otherTerms' },
};

/** /terms and /privacy: the text lives in the locale files (legal.json), so both languages say the same. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const { t: tCommon } = useTranslation();
  const sections = Object.entries(t(`${doc}.sections`, { returnObjects: true }) as Record<string, Section>);
  useDocumentTitle(t(`${doc}.title`));

  return (
    <article data-testid={`legal-${doc}`} className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <h1 className="font-display text-4xl text-ink sm:text-5xl">{t(`${doc}.title`)}</h1>
      <p className="mt-2 text-sm text-ink-soft">{t('updated')}</p>
      <p className="mt-6 text-lg text-ink">{t(`${doc}.intro`)}</p>

      <nav aria-label={t('contents')} className="mt-8 rounded-2xl border border-ink/10 bg-white p-5 shadow-soft">
        <p className="text-sm font-semibold text-ink-soft">{t('contents')}</p>
        <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {sections.map(([key, section]) => (
            <li key={key}>
              <a
                href={`#${key}`}
                className="inline-flex min-h-11 items-center text-rose-700 underline-offset-4 hover:underline"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map(([key, section]) => (
        <section key={key} id={key} aria-labelledby={`${key}-heading`} className="mt-10 scroll-mt-24">
          <h2 id={`${key}-heading`} className="font-display text-2xl text-ink">
            {section.heading}
          </h2>
          {Object.entries(section).map(([part, value]) => {
            if (part === 'heading') return null;
            if (typeof value === 'string')
              return (
                <p key={part} className="mt-3 leading-relaxed text-ink">
                  {value}
                </p>
              );
            return (
              <ul key={part} className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-ink">
                {Object.entries(value).map(([item, text]) => (
                  <li key={item}>{text}</li>
                ))}
              </ul>
            );
          })}
        </section>
      ))}

      <div className="mt-12 flex flex-col gap-3 border-t border-ink/10 pt-8 sm:flex-row sm:items-center sm:justify-between">
        <Link to="/help-center" className={buttonClass('primary', 'lg')}>
          <LifeBuoy aria-hidden className="size-5" />
          {tCommon('footer.helpCenter')}
        </Link>
        <Link
          to={OTHER[doc].path}
          className="inline-flex min-h-11 items-center font-semibold text-rose-700 underline-offset-4 hover:underline"
        >
          {t(OTHER[doc].label)}
        </Link>
      </div>
    </article>
  );
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
