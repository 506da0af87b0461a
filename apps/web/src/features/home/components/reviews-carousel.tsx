import { clsx } from 'clsx';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEWS } from '../home-data';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { ReviewCard } from './review-card';
import { SectionShell } from './section-shell';

/** Six reviews shown twice for a seamless loop (spec 000 §2, §9); still under reduced motion. */
export function ReviewsCarousel() {
  const { t } = useTranslation('home');
  const trackRef = useRef<HTMLDivElement>(null);
  const isReduced = usePrefersReducedMotion();
  const { isPaused, pause, resume } = useAutoScroll(trackRef, !isReduced);

  return (
    <SectionShell id="reviews" tone="deep" wide title={t('reviews.title')} text={t('reviews.text')}>
      <div
        data-testid="reviews-carousel"
        data-paused={isPaused}
        data-moving={!isReduced}
        onPointerEnter={pause}
        onPointerLeave={resume}
        className={clsx('-mx-4 px-4 sm:-mx-6 sm:px-6', isReduced ? 'overflow-x-auto pb-2' : 'overflow-hidden')}
      >
        <div ref={trackRef} data-testid="reviews-track" className="flex w-max will-change-transform">
          <div className="flex gap-4 pr-4">
            {REVIEWS.map(({ key, rating }) => (
              <ReviewCard key={key} reviewKey={key} rating={rating} />
            ))}
          </div>
          {!isReduced && (
            <div aria-hidden inert className="flex gap-4 pr-4">
              {REVIEWS.map(({ key, rating }) => (
                <ReviewCard key={`copy-${key}`} reviewKey={key} rating={rating} />
              ))}
            </div>
          )}
        </div>
      </div>
    </SectionShell>
  );
}
