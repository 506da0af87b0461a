import { startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { atMost } from '@/lib/timing';
import { ExampleAlbumSection } from './example-album-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { HowItWorksSection } from './how-it-works-section';
import { plansQuery } from '@/lib/plans-query';
import { DEFAULT_BILLING, PricingSection } from './pricing-section';
import { ReviewsCarousel } from './reviews-carousel';

// Spec 000's order.
const SECTIONS = [FeaturesSection, ReviewsCarousel, HowItWorksSection, PricingSection, ExampleAlbumSection, FaqSection];

/**
 * Every section after the hero and the trending strip. It is its own chunk, so a phone paints the
 * hero before it parses the pricing, the carousel and the FAQ; and its sections mount one per
 * task, because putting them all into the page at once held a phone's main thread for a quarter
 * of a second (one React commit cannot be split), long enough to delay a tap.
 */
export function BelowTheFold() {
  const { hash } = useLocation();
  const [mounted, setMounted] = useState(1);
  const isComplete = mounted >= SECTIONS.length;

  // The pricing section mounts with its plans in hand (or after 2 s without them): plans arriving
  // after it mounted would render it again in one piece, since a query's result is not a transition.
  const queryClient = useQueryClient();
  const [plansReady] = useState(() => atMost(queryClient.prefetchQuery(plansQuery(DEFAULT_BILLING)), 2000));

  useEffect(() => {
    if (isComplete) return;
    let isCancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ready = SECTIONS[mounted] === PricingSection ? plansReady : Promise.resolve();
    void ready.then(() => {
      if (isCancelled) return;
      timer = setTimeout(() => startTransition(() => setMounted((count) => count + 1)), 0);
    });
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [mounted, isComplete, plansReady]);

  // A visit to /#pricing arrives before these sections exist: scroll once they all do.
  useEffect(() => {
    if (!isComplete) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView();
    // Only once: later hash changes are the layout's to handle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isComplete]);

  return (
    <>
      {SECTIONS.slice(0, mounted).map((Section, index) => (
        // The list only ever grows at its end, so a section's place is its identity.
        <Section key={index} />
      ))}
      {/* Keeps the footer below the fold until the last section is in. */}
      {!isComplete && <div className="min-h-dvh" aria-hidden />}
    </>
  );
}
