import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <section
      data-testid="not-found"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center"
    >
      <Compass aria-hidden className="size-10 text-gold-700" strokeWidth={1.5} />
      <p className="mt-4 font-display text-8xl font-medium text-rose-700 sm:text-9xl">404</p>
      <h1 className="mt-2 font-display text-3xl text-ink">{t('notFound.title')}</h1>
      <p className="mt-3 text-ink-soft">{t('notFound.text')}</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
