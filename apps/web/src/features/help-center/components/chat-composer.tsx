import { TICKET_MESSAGE_MAX_LENGTH } from '@momentos/contract/constants';
import { clsx } from 'clsx';
import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const COUNTER_FROM = TICKET_MESSAGE_MAX_LENGTH - 200;

interface ChatComposerProps {
  /** Receives trimmed, non-empty text; resolves false when sending failed. */
  onSend: (text: string) => Promise<boolean>;
  isSending: boolean;
  placeholder?: string;
}

/** Spec 001 §2 and §5: sends on Enter or the send button; empty or whitespace-only text is ignored. */
export function ChatComposer({ onSend, isSending, placeholder }: ChatComposerProps) {
  const { t } = useTranslation('help');
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();
  const trimmed = text.trim();
  const isNearLimit = text.length >= COUNTER_FROM;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!trimmed || isSending) return;
    // Cleared at once (the text shows as a pending bubble); given back if sending fails.
    setText('');
    if (!(await onSend(trimmed))) setText((current) => current || text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={submit} className="border-t border-ink/10 bg-white p-3 sm:p-4">
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('composer.label')}
        </label>
        <textarea
          id={inputId}
          data-testid="chat-input"
          rows={1}
          value={text}
          maxLength={TICKET_MESSAGE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder ?? t('composer.placeholder')}
          aria-describedby={hintId}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-ink/15 bg-paper px-4 py-2.5 text-base text-ink placeholder:text-ink-soft/80 focus:border-rose-700 focus:outline-2 focus:outline-rose-700/30 field-sizing-content"
        />
        <Button
          type="submit"
          data-testid="chat-send"
          disabled={!trimmed || isSending}
          className="shrink-0"
          aria-label={t('composer.send')}
        >
          <SendHorizontal aria-hidden className="size-4" />
          <span className="hidden sm:inline">{t('composer.send')}</span>
        </Button>
      </div>
      {/* The keyboard hint is for desktops; the counter shows everywhere once it matters. */}
      <p id={hintId} className={clsx('mt-1.5 px-1 text-xs text-ink-soft', !isNearLimit && 'hidden sm:block')}>
        {isNearLimit ? t('composer.remaining', { count: TICKET_MESSAGE_MAX_LENGTH - text.length }) : t('composer.hint')}
      </p>
    </form>
  );
}
