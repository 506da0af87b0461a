import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useInitialForm } from '../hooks/use-initial-form';
import { FloatingCta } from './floating-cta';
import { HeroSection } from './hero-section';
import { TrendingStrip } from './trending-strip';

const BelowTheFold = lazy(async () => ({ default: (await import('./below-the-fold')).BelowTheFold }));

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
      {/* Holds the page's height while the rest loads, so nothing below jumps. */}
      <Suspense fallback={<div className="min-h-[200vh]" aria-hidden />}>
        <BelowTheFold />
      </Suspense>
      <FloatingCta firstSectionRef={heroRef} />
    </div>
  );
}
