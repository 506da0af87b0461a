import { clsx } from 'clsx';
import type { ReactNode, Ref } from 'react';

interface SectionShellProps {
  id: string;
  title: string;
  text?: string;
  tone?: 'plain' | 'deep';
  wide?: boolean;
  sectionRef?: Ref<HTMLElement>;
  children?: ReactNode;
}

/** A landing section with its heading; scroll-mt keeps the heading clear of the sticky nav. */
export function SectionShell({
  id,
  title,
  text,
  tone = 'plain',
  wide = false,
  sectionRef,
  children,
}: SectionShellProps) {
  return (
    <section
      ref={sectionRef}
      id={id}
      aria-labelledby={`${id}-title`}
      className={clsx('scroll-mt-20', tone === 'deep' && 'bg-paper-deep')}
    >
      <div className={clsx('mx-auto px-4 py-16 sm:px-6 sm:py-20', wide ? 'max-w-6xl' : 'max-w-5xl')}>
        <div className="text-center">
          <h2 id={`${id}-title`} className="font-display text-3xl text-balance text-ink sm:text-4xl">
            {title}
          </h2>
          {text && <p className="mx-auto mt-3 max-w-xl text-pretty text-ink-soft">{text}</p>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
