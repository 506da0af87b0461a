import { clsx } from 'clsx';

interface MessageBubbleProps {
  text: string;
  /** 'mine' sits on the right in the accent colour; 'theirs' on the left. */
  side: 'mine' | 'theirs';
  label: string;
  time: string;
  isPending?: boolean;
}

/** One chat message. The text is rendered as text (React escapes it), so markup shows as typed. */
export function MessageBubble({ text, side, label, time, isPending }: MessageBubbleProps) {
  const isMine = side === 'mine';
  return (
    <li
      data-testid="chat-message"
      data-side={isMine ? 'right' : 'left'}
      data-pending={isPending ? 'true' : undefined}
      className={clsx('flex flex-col gap-1', isMine ? 'items-end' : 'items-start', isPending && 'opacity-60')}
    >
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl px-4 py-2.5 text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap shadow-soft sm:max-w-[70%]',
          isMine ? 'rounded-br-md bg-rose-700 text-white' : 'rounded-bl-md border border-ink/10 bg-white text-ink',
        )}
      >
        {text}
      </div>
      <p className="px-1 text-xs text-ink-soft">
        <span data-testid="chat-message-label" className="font-semibold">
          {label}
        </span>
        <span aria-hidden> · </span>
        <time>{time}</time>
      </p>
    </li>
  );
}
