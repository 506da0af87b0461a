import { CircleAlert, KeyRound, QrCode, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlbumCodeBox } from '@/components/album-code-box';
import { Button, buttonClass } from '@/components/ui/button';

/**
 * The page's column: phone-first, one card wide, centred on larger screens. At least a screen
 * tall (less the header) in every state, so the footer never shows and then jumps when the album
 * arrives (layout shift).
 */
export function GuestColumn({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <section
      data-testid={testId}
      className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-xl flex-1 flex-col gap-4 px-4 pt-5 pb-8 sm:pt-10"
    >
      {children}
    </section>
  );
}

/** Shaped like the page that is coming: the album header, the name field and the picker. */
export function GuestLoading() {
  const { t } = useTranslation('guest');
  return (
    <GuestColumn testId="guest-loading">
      <div aria-busy="true" className="rounded-3xl border border-ink/10 bg-white p-5 shadow-soft sm:p-7">
        <p className="text-sm font-medium text-ink-soft" role="status">
          {t('loading')}
        </p>
        <div className="mt-4 h-8 w-3/4 animate-pulse rounded-lg bg-ink/8" />
        <div className="mt-3 h-4 w-1/2 animate-pulse rounded bg-ink/8" />
      </div>
      <div aria-hidden className="rounded-3xl border border-ink/10 bg-white p-5 shadow-soft sm:p-7">
        <div className="h-4 w-24 animate-pulse rounded bg-ink/8" />
        <div className="mt-2 h-12 animate-pulse rounded-xl bg-ink/8" />
        <div className="mt-5 h-36 animate-pulse rounded-2xl bg-ink/8" />
      </div>
    </GuestColumn>
  );
}

/** A wrong or retired code is usually a typo or an old card: the box to try again, and the way home. */
function TryAnotherCode({ label }: { label: string }) {
  const { t } = useTranslation('guest');
  return (
    <>
      <AlbumCodeBox label={label} className="mt-6 text-left" />
      <Link to="/" className={buttonClass('link', 'md', 'mt-3')}>
        {t('notFound.backHome')}
      </Link>
    </>
  );
}

/** The card a guest sees when their code opens nothing: why, and the box to try another. */
function CodeProblem(props: {
  testId: string;
  icon: ReactNode;
  iconClass: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <GuestColumn testId={props.testId}>
      <div role="alert" className="mt-6 rounded-3xl border border-ink/10 bg-white p-8 text-center shadow-soft sm:p-12">
        <span
          aria-hidden
          className={`mx-auto flex size-14 items-center justify-center rounded-full ${props.iconClass}`}
        >
          {props.icon}
        </span>
        <h1 className="mt-4 font-display text-3xl text-ink">{props.title}</h1>
        {props.children}
      </div>
    </GuestColumn>
  );
}

export function GuestNotFound() {
  const { t } = useTranslation('guest');
  return (
    <CodeProblem
      testId="guest-not-found"
      icon={<SearchX className="size-7" />}
      iconClass="bg-rose-50 text-rose-700"
      title={t('notFound.title')}
    >
      <p className="mt-2 text-ink">{t('notFound.text')}</p>
      <p className="mt-2 text-sm text-ink-soft">{t('notFound.hint')}</p>
      <TryAnotherCode label={t('notFound.tryAgain')} />
    </CodeProblem>
  );
}

/** The code was the album's until its hosts changed it: the guest needs the new one, and learns nothing else. */
export function GuestCodeChanged() {
  const { t } = useTranslation('guest');
  return (
    <CodeProblem
      testId="guest-code-changed"
      icon={<QrCode className="size-7" />}
      iconClass="bg-gold-100 text-gold-800"
      title={t('codeChanged.title')}
    >
      <p className="mt-2 text-ink">{t('codeChanged.text')}</p>
      <TryAnotherCode label={t('codeChanged.newCode')} />
    </CodeProblem>
  );
}

export function GuestLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('guest');
  return (
    <GuestColumn testId="guest-load-error">
      <div
        role="alert"
        className="mt-6 flex flex-col items-center gap-3 rounded-3xl border border-ink/10 bg-white p-8 text-center shadow-soft"
      >
        <CircleAlert aria-hidden className="size-8 text-rose-700" />
        <h1 className="font-display text-2xl text-ink">{t('loadError.title')}</h1>
        <p className="text-sm text-ink-soft">{message}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('loadError.retry')}
        </Button>
      </div>
    </GuestColumn>
  );
}

/** /guest: a guest who was only told the code types it here (the home page has the same box). */
export function GuestCodeEntry() {
  const { t } = useTranslation('guest');
  return (
    <GuestColumn testId="guest-code-entry">
      <div className="mt-6 rounded-3xl border border-ink/10 bg-white p-6 shadow-soft sm:p-10">
        <span aria-hidden className="flex size-14 items-center justify-center rounded-full bg-rose-50 text-rose-700">
          <KeyRound className="size-7" />
        </span>
        <h1 className="mt-4 font-display text-3xl text-ink">{t('codeEntry.title')}</h1>
        <p className="mt-2 text-ink-soft">{t('codeEntry.text')}</p>
        <AlbumCodeBox label={t('codeEntry.label')} className="mt-6" autoFocus />
      </div>
    </GuestColumn>
  );
}
