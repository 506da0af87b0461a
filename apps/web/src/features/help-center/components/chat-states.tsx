import { clsx } from 'clsx';
import { CircleAlert, MessageCircleHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Before the first message: what the chat is for and what happens next. */
export function ChatEmptyState() {
  const { t } = useTranslation('help');
  return (
    <div
      data-testid="chat-empty"
      className="flex flex-1 flex-col items-center justify-center overflow-y-auto px-6 py-8 text-center"
    >
      <span aria-hidden className="flex size-14 items-center justify-center rounded-full bg-rose-50 text-rose-700">
        <MessageCircleHeart className="size-7" />
      </span>
      <h2 className="mt-4 font-display text-2xl text-ink">{t('chat.emptyTitle')}</h2>
      <p className="mt-2 max-w-sm text-ink-soft">{t('chat.emptyText')}</p>
      <p className="mt-3 max-w-sm text-sm text-ink-soft/90">{t('chat.emptyHint')}</p>
    </div>
  );
}

/** Bubbles shaped like a conversation while it loads. */
export function ChatSkeleton() {
  const widths = ['w-2/3 self-end', 'w-1/2 self-start', 'w-3/5 self-end'];
  return (
    <div data-testid="chat-loading" aria-busy="true" className="flex flex-1 flex-col gap-4 px-4 py-5">
      {widths.map((width) => (
        <div key={width} className={clsx('h-12 animate-pulse rounded-2xl bg-ink/8', width)} />
      ))}
    </div>
  );
}

/** A centred message with one action, for errors and for empty panes. */
export function ChatStateCard(props: {
  tone: 'error' | 'neutral';
  text: string;
  hint?: string;
  actionLabel?: string;
  onAction?: () => void;
}) {
  return (
    <div
      role={props.tone === 'error' ? 'alert' : undefined}
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center"
    >
      {props.tone === 'error' && <CircleAlert aria-hidden className="size-8 text-rose-700" />}
      <p className="font-medium text-ink">{props.text}</p>
      {props.hint && <p className="text-sm text-ink-soft">{props.hint}</p>}
      {props.actionLabel && (
        <Button variant="secondary" onClick={props.onAction}>
          {props.actionLabel}
        </Button>
      )}
    </div>
  );
}
