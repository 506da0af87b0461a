import { Cake, Church, Heart, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRENDING_EVENTS } from '../home-data';

const ICONS = { weddings: Heart, quinceaneras: Cake, communions: Church, reunions: UsersRound } as const;

/** Trending event types with the landing counters (spec 000 §2). */
export function TrendingStrip() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="trending-title" className="border-y border-ink/5 bg-white/60">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h2 id="trending-title" className="text-center text-xs font-semibold tracking-[0.18em] text-ink-soft uppercase">
          {t('trending.title')}
        </h2>
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {TRENDING_EVENTS.map(({ key, count }) => {
            const Icon = ICONS[key];
            return (
              <li
                key={key}
                data-testid={`trending-${key}`}
                className="flex items-center gap-3 rounded-2xl bg-paper px-3 py-3"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-rose-50 text-rose-700">
                  <Icon aria-hidden className="size-5" strokeWidth={1.75} />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm leading-tight font-semibold text-ink">{t(`trending.${key}`)}</span>
                  <span className="block text-xs text-ink-soft">{t('trending.albums', { count })}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
