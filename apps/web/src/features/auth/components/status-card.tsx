import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'loading' | 'success' | 'error' | 'neutral';

const icons = { loading: LoaderCircle, success: CircleCheck, error: CircleAlert, neutral: null };
const iconTones = {
  loading: 'text-ink-soft animate-spin',
  success: 'text-emerald-700',
  error: 'text-rose-700',
  neutral: '',
};

/** The centred card the auth link pages (verify, reset) show their states in. */
export function StatusCard(props: { tone: Tone; title: string; text?: string; children?: ReactNode; testId?: string }) {
  const Icon = icons[props.tone];
  return (
    <section className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-12">
      <div
        data-testid={props.testId}
        role={props.tone === 'error' ? 'alert' : props.tone === 'neutral' ? undefined : 'status'}
        className="rounded-3xl border border-ink/10 bg-white p-8 shadow-soft"
      >
        {Icon && <Icon aria-hidden className={clsx('mb-4 size-10', iconTones[props.tone])} />}
        <h1 className="font-display text-2xl text-ink sm:text-3xl">{props.title}</h1>
        {props.text && <p className="mt-3 text-ink-soft">{props.text}</p>}
        {props.children}
      </div>
    </section>
  );
}
