import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useInitialForm } from '../hooks/use-initial-form';
import { ExampleAlbumSection } from './example-album-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { FloatingCta } from './floating-cta';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { PricingSection } from './pricing-section';
import { ReviewsCarousel } from './reviews-carousel';
import { TrendingStrip } from './trending-strip';

/** The landing page: every section of spec 000 §2 in its order. */
export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('meta.title'));
  useInitialForm();
  const heroRef = useRef<HTMLElement>(null);

  return (
    <div data-testid="home-page">
      <HeroSection sectionRef={heroRef} />
      <TrendingStrip />
      <FeaturesSection />
      <ReviewsCarousel />
      <HowItWorksSection />
      <PricingSection />
      <ExampleAlbumSection />
      <FaqSection />
      <FloatingCta firstSectionRef={heroRef} />
    </div>
  );
}
