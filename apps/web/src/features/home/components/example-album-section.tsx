import type { ExampleAlbumResponse } from '@momentos/contract';
import { useQuery } from '@tanstack/react-query';
import { Camera, ExternalLink } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { track } from '@/lib/tracking/tracking';
import { useSeenOnce } from '../hooks/use-seen-once';
import { KEEP_CLEAR } from '../hooks/use-steps-aside';
import { SectionShell } from './section-shell';

/** A phone-shaped frame: the live album when one exists, a calm "coming soon" card until then. */
export function ExampleAlbumSection() {
  const { t } = useTranslation('home');
  // Asked for only when the section comes into view: it is far below the fold on every screen.
  const sectionRef = useRef<HTMLElement>(null);
  const [isNear, setIsNear] = useState(false);
  useSeenOnce(sectionRef, 0, () => setIsNear(true));
  const example = useQuery<ExampleAlbumResponse>({ queryKey: ['/api/examples/album'], enabled: isNear });
  // The album's address carries its code, which the album view keeps for the visitor.
  const albumPath = example.data ? example.data.data.albumUrl : null;

  return (
    <SectionShell id="example" sectionRef={sectionRef} title={t('example.title')} text={t('example.text')}>
      <div className="flex flex-col items-center gap-6">
        <div
          data-testid="phone-frame"
          className="relative h-[580px] w-[290px] rounded-[44px] border-[10px] border-ink bg-ink shadow-lift"
        >
          <span aria-hidden className="absolute top-2 left-1/2 z-10 h-5 w-24 -translate-x-1/2 rounded-full bg-ink" />
          {/* The top strip stands for a phone's status bar, so the notch never covers the album. */}
          <div className="flex size-full flex-col overflow-hidden rounded-[34px] bg-paper pt-7">
            {albumPath ? (
              <iframe
                src={albumPath}
                title={t('example.frameTitle')}
                loading="lazy"
                className="w-full flex-1 border-0"
              />
            ) : (
              <div
                data-testid="example-coming-soon"
                aria-busy={example.isLoading}
                className="hero-glow flex size-full flex-col items-center justify-center px-6 text-center"
              >
                <span className="grid size-14 place-items-center rounded-2xl bg-rose-50 text-rose-700">
                  <Camera aria-hidden className="size-7" strokeWidth={1.5} />
                </span>
                {(example.isError || example.isSuccess) && (
                  <>
                    <p className="mt-5 font-display text-xl text-ink">{t('example.comingSoonTitle')}</p>
                    <p className="mt-2 text-sm text-ink-soft">{t('example.comingSoonText')}</p>
                  </>
                )}
              </div>
            )}
          </div>
        </div>
        {albumPath && (
          <a
            href={albumPath}
            target="_blank"
            rel="noopener"
            data-testid="example-open"
            {...KEEP_CLEAR}
            onClick={() => track('example_album_opened', {})}
            className={buttonClass('secondary', 'md')}
          >
            <ExternalLink aria-hidden className="size-4" />
            {t('example.openInNewTab')}
          </a>
        )}
      </div>
    </SectionShell>
  );
}
