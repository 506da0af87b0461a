import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

export type DetailTab = 'photos' | 'messages' | 'itinerary' | 'details' | 'share' | 'analytics';

const triggerClass =
  'inline-flex min-h-11 shrink-0 items-center justify-center rounded-xl px-4 text-sm font-semibold whitespace-nowrap text-ink-soft transition ' +
  'data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-soft focus-visible:outline-2 focus-visible:outline-rose-700';

// The strip's inline padding plus the pill's, kept clear when a tab is scrolled into view.
const EDGE_PX = 20;

/** Whether the strip has tabs hidden past its start and its end, kept up to date as it scrolls or resizes. */
function useHiddenSides(strip: RefObject<HTMLElement | null>) {
  const [sides, setSides] = useState({ before: false, after: false });
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setSides((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [strip]);
  return sides;
}

/**
 * The album detail's tab strip. On a phone the five tabs are wider than the screen: the strip
 * scrolls sideways, a fade with a chevron marks each side that has more (and scrolls there when
 * tapped), and the chosen tab is brought fully into view.
 */
export function DetailTabsList({ tabs, active }: { tabs: readonly DetailTab[]; active: string }) {
  const { t } = useTranslation('albumDetail');
  const strip = useRef<HTMLDivElement>(null);
  const { before, after } = useHiddenSides(strip);

  useEffect(() => {
    const element = strip.current;
    const tab = element?.querySelector<HTMLElement>(`[data-tab="${active}"]`);
    if (!element || !tab) return;
    const start = tab.offsetLeft - EDGE_PX;
    const end = tab.offsetLeft + tab.offsetWidth + EDGE_PX - element.clientWidth;
    if (start < element.scrollLeft) element.scrollTo({ left: start });
    else if (end > element.scrollLeft) element.scrollTo({ left: end });
  }, [active]);

  const page = (direction: 1 | -1) => strip.current?.scrollBy({ left: direction * strip.current.clientWidth * 0.6 });

  return (
    <div className="relative -mx-4 mt-6 sm:mx-0">
      <Tabs.List
        ref={strip}
        aria-label={t('tabsLabel')}
        className="relative flex overflow-x-auto px-4 [scrollbar-width:none] sm:px-0 [&::-webkit-scrollbar]:hidden"
      >
        <div className="flex gap-1 rounded-2xl bg-paper-deep p-1">
          {tabs.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              data-tab={value}
              data-testid={`detail-tab-${value}`}
              className={triggerClass}
            >
              {t(`tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </div>
      </Tabs.List>
      {/* Pointer shortcuts only: the tabs themselves are reachable with the arrow keys. */}
      <EdgeHint side="before" shown={before} onClick={() => page(-1)} />
      <EdgeHint side="after" shown={after} onClick={() => page(1)} />
    </div>
  );
}

function EdgeHint({ side, shown, onClick }: { side: 'before' | 'after'; shown: boolean; onClick: () => void }) {
  const Icon = side === 'before' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden
      data-testid={`detail-tabs-more-${side}`}
      data-shown={shown || undefined}
      onClick={onClick}
      className={clsx(
        'absolute inset-y-0 flex w-14 items-center transition-opacity duration-150',
        side === 'before' ? 'left-0 justify-start bg-gradient-to-r pl-1' : 'right-0 justify-end bg-gradient-to-l pr-1',
        'from-paper from-40% to-transparent',
        shown ? 'opacity-100' : 'pointer-events-none opacity-0',
      )}
    >
      <span className="grid size-8 place-items-center rounded-full bg-white text-ink shadow-soft">
        <Icon aria-hidden className="size-4" />
      </span>
    </button>
  );
}
