import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from './button';

/** A titled "coming soon" card for screens that later issues will build. */
export function ComingSoon({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-12 sm:py-20">
      <div className="rounded-3xl border border-ink/10 bg-white p-8 text-center shadow-soft sm:p-12">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-gold-100 px-3 py-1 text-xs font-semibold tracking-wide text-gold-800 uppercase">
          <Sparkles aria-hidden className="size-3.5" />
          {t('comingSoon.badge')}
        </span>
        <h1 className="mt-5 font-display text-3xl text-ink sm:text-4xl">{title}</h1>
        {subtitle && <p className="mt-2 text-sm font-medium text-rose-700">{subtitle}</p>}
        <p className="mt-4 text-ink-soft">{t('comingSoon.text')}</p>
        {children}
        <Link to="/" className={buttonClass('secondary', 'md', 'mt-8')}>
          {t('comingSoon.backHome')}
        </Link>
      </div>
    </section>
  );
}
