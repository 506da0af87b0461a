import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { REVIEW_CARD_WIDTH_PX } from '../home-data';

export function ReviewCard({ reviewKey, rating }: { reviewKey: string; rating: number }) {
  const { t } = useTranslation('home');
  const item = (field: string) => t(`reviews.items.${reviewKey}.${field}`);
  return (
    <figure
      style={{ width: REVIEW_CARD_WIDTH_PX }}
      className="flex shrink-0 flex-col rounded-2xl border border-ink/10 bg-white p-6 shadow-soft"
    >
      <div className="flex items-center justify-between gap-3">
        <span role="img" aria-label={t('reviews.ratingLabel', { rating })} className="flex gap-0.5">
          {Array.from({ length: 5 }, (_, n) => (
            <Star
              key={n}
              aria-hidden
              className={n < rating ? 'size-4 fill-gold-700 text-gold-700' : 'size-4 text-ink/20'}
            />
          ))}
        </span>
        <span className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-semibold text-rose-800">
          {item('event')}
        </span>
      </div>
      <blockquote className="mt-4 flex-1 text-pretty text-ink">“{item('comment')}”</blockquote>
      <figcaption className="mt-5 text-sm">
        <span className="block font-semibold text-ink">{item('name')}</span>
        <span className="block text-ink-soft">{item('date')}</span>
      </figcaption>
    </figure>
  );
}
