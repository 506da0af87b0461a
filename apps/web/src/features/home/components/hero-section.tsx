import { ArrowRight, Star } from 'lucide-react';
import { useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlbumCodeBox } from '@/components/album-code-box';
import { buttonClass } from '@/components/ui/button';
import { checkoutEntryState } from '@/lib/tracking/checkout-entry';
import { LANDING_STATS } from '../home-data';

/** The checkout address, carrying the typed e-mail only when the box is not empty (spec 000 §2). */
export function checkoutHref(email: string): string {
  const trimmed = email.trim();
  return trimmed ? `/checkout?email=${encodeURIComponent(trimmed)}` : '/checkout';
}

export function HeroSection({ sectionRef }: { sectionRef?: Ref<HTMLElement> }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(checkoutHref(email), { state: checkoutEntryState('hero') });
  };

  return (
    <section ref={sectionRef} aria-labelledby="hero-title" className="hero-glow relative overflow-hidden">
      <div className="mx-auto max-w-4xl px-4 pt-5 pb-14 text-center sm:pt-8 sm:pb-20">
        {/* A guest who was only told the code starts here, before the hosts' pitch. */}
        <div
          id="album-code"
          className="mx-auto max-w-lg scroll-mt-24 rounded-2xl border border-ink/10 bg-white/85 p-4 shadow-soft"
        >
          <AlbumCodeBox className="text-left" />
        </div>
        <p className="mt-10 text-xs font-semibold tracking-[0.18em] text-gold-800 uppercase sm:mt-16 sm:text-sm">
          {t('hero.eyebrow')}
        </p>
        <h1
          id="hero-title"
          className="mt-5 font-display text-4xl leading-[1.1] font-medium text-balance text-ink sm:text-6xl"
        >
          {t('hero.title')}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-ink-soft">{t('hero.subtitle')}</p>

        <form
          onSubmit={onSubmit}
          className="mx-auto mt-9 flex max-w-lg flex-col gap-3 sm:flex-row"
          data-testid="hero-form"
        >
          <label htmlFor="hero-email" className="sr-only">
            {t('hero.emailLabel')}
          </label>
          <input
            id="hero-email"
            data-testid="hero-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder={t('hero.emailPlaceholder')}
            className="min-h-12 flex-1 rounded-xl border border-ink/15 bg-white px-4 text-base text-ink shadow-inner-soft placeholder:text-ink-soft/80 focus-visible:border-rose-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-rose-700"
          />
          <button type="submit" data-testid="hero-get-started" className={buttonClass('primary', 'lg')}>
            {t('hero.getStarted')}
            <ArrowRight aria-hidden className="size-5" />
          </button>
        </form>
        <p className="mt-3 text-sm font-medium text-rose-800">{t('hero.priceNote')}</p>

        <div className="mt-8 flex flex-col items-center justify-center gap-2 text-sm text-ink-soft sm:flex-row sm:gap-6">
          <p className="flex items-center gap-1.5" data-testid="hero-rating">
            <Star aria-hidden className="size-4 fill-gold-700 text-gold-700" />
            {t('hero.rating', { rating: LANDING_STATS.rating })}
          </p>
          <p data-testid="hero-active-events">{t('hero.activeEvents', { value: LANDING_STATS.activeEvents })}</p>
        </div>
      </div>
    </section>
  );
}
