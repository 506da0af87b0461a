import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ExampleAlbumSection } from './example-album-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { HowItWorksSection } from './how-it-works-section';
import { PricingSection } from './pricing-section';
import { ReviewsCarousel } from './reviews-carousel';

/**
 * Every section after the hero and the trending strip, in spec 000's order. It is its own chunk,
 * so a phone paints the hero before it parses the pricing, the carousel and the FAQ.
 */
export function BelowTheFold() {
  const { hash } = useLocation();
  // A visit to /#pricing arrives before these sections exist: scroll once they do.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView();
    // Only on mount: later hash changes are the layout's to handle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <FeaturesSection />
      <ReviewsCarousel />
      <HowItWorksSection />
      <PricingSection />
      <ExampleAlbumSection />
      <FaqSection />
    </>
  );
}
