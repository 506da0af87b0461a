import { MESSAGE_TEXT_MAX } from '@momentos/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LoaderCircle, Send, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { TextField } from '@/components/ui/text-field';
import { describeError } from '@/lib/error-message';
import { guestMessagesQuery } from '../api/guest-messages-api';
import type { useMessageDraft } from '../hooks/use-message-draft';
import type { useSendMessage } from '../hooks/use-send-message';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { ThankYou } from './thank-you';
import { VoiceField } from './voice-field';

export interface ComposeDialogProps {
  albumId: string;
  accessCode: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: ReturnType<typeof useMessageDraft>;
  sending: ReturnType<typeof useSendMessage>;
}

/**
 * The guest's message to the hosts: words (with a live count to MESSAGE_TEXT_MAX), the name it is
 * signed with, and a voice note where the plan takes them. A bottom sheet on a phone, a dialog wider.
 */
export function ComposeDialog({ albumId, accessCode, open, onOpenChange, draft, sending }: ComposeDialogProps) {
  const { t } = useTranslation('guestbook');
  const state = sending.state;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => state.phase !== 'sending' && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-in fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="guestbook-compose"
          className={clsx(
            'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-white p-5 pb-6 shadow-lift',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-7',
          )}
        >
          <Dialog.Title className="pr-12 font-display text-2xl text-ink">{t('compose.title')}</Dialog.Title>
          <Dialog.Description className="mt-1 pr-12 text-sm text-ink-soft">
            {t('compose.description')}
          </Dialog.Description>
          <Dialog.Close
            aria-label={t('compose.close')}
            disabled={state.phase === 'sending'}
            className="absolute top-3 right-3 grid size-11 place-items-center rounded-xl text-ink-soft hover:bg-ink/5 hover:text-ink"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          {state.phase === 'sent' ? (
            <ThankYou status={state.status} onAnother={sending.reset} onDone={() => onOpenChange(false)} />
          ) : (
            <ComposeForm albumId={albumId} accessCode={accessCode} draft={draft} sending={sending} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ComposeForm({ albumId, accessCode, draft, sending }: Omit<ComposeDialogProps, 'open' | 'onOpenChange'>) {
  const { t } = useTranslation('guestbook');
  const guestbook = useInfiniteQuery(guestMessagesQuery(albumId, accessCode));
  const voiceNotes = guestbook.data?.pages[0]?.voiceNotes ?? false;
  const [missing, setMissing] = useState<'needsWords' | 'needsName' | null>(null);
  const { text, authorName, voice } = draft.draft;
  const state = sending.state;
  const isSending = state.phase === 'sending';
  const recorder = useVoiceRecorder(voice, draft.setVoice);
  const isRecording = recorder.phase !== 'idle';
  // A recording kept from when the plan's answer was not in yet is not sent where voice is not taken.
  const voiceToSend = voiceNotes ? voice : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && !voiceToSend) return setMissing('needsWords');
    if (!authorName.trim()) return setMissing('needsName');
    setMissing(null);
    if (await sending.send({ ...draft.draft, voice: voiceToSend })) draft.clear();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="guestbook-text" className="text-sm font-medium text-ink">
          {t('compose.textLabel')}
        </label>
        <textarea
          id="guestbook-text"
          data-testid="guestbook-text"
          rows={5}
          maxLength={MESSAGE_TEXT_MAX}
          value={text}
          disabled={isSending}
          placeholder={t('compose.textPlaceholder')}
          aria-describedby="guestbook-text-count"
          onChange={(event) => draft.update({ text: event.target.value })}
          className="min-h-32 resize-y rounded-xl border border-ink/20 bg-white px-4 py-3 text-base text-ink shadow-inner-soft transition duration-150 placeholder:text-ink-soft/80 focus:border-rose-700 focus:ring-4 focus:ring-rose-700/15 focus:outline-none disabled:bg-paper-deep"
        />
        <p
          id="guestbook-text-count"
          data-testid="guestbook-text-count"
          aria-label={t('compose.counterLabel', { count: text.length, max: MESSAGE_TEXT_MAX })}
          className={clsx(
            'self-end text-xs tabular-nums',
            text.length >= MESSAGE_TEXT_MAX ? 'font-semibold text-rose-800' : 'text-ink-soft',
          )}
        >
          {t('compose.counter', { count: text.length, max: MESSAGE_TEXT_MAX })}
        </p>
      </div>
      <TextField
        id="guestbook-author"
        data-testid="guestbook-author"
        label={t('compose.nameLabel')}
        hint={t('compose.nameHint')}
        placeholder={t('compose.namePlaceholder')}
        autoComplete="name"
        maxLength={60}
        value={authorName}
        disabled={isSending}
        onChange={(event) => draft.update({ authorName: event.target.value })}
      />
      {voiceNotes && <VoiceField voice={voice} recorder={recorder} disabled={isSending} />}
      {(missing || (state.phase === 'editing' && state.error !== undefined)) && (
        <p role="alert" data-testid="guestbook-error" className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {missing
            ? t(`compose.${missing}`)
            : describeError(t, state.phase === 'editing' ? state.error : undefined, t('errors.unexpected'))}
        </p>
      )}
      {isSending && state.percent !== null && (
        <ProgressBar percent={state.percent} label={t('compose.progressLabel')} />
      )}
      <Button type="submit" size="lg" data-testid="guestbook-send" disabled={isSending || isRecording}>
        {isSending ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
        ) : (
          <Send aria-hidden className="size-5" />
        )}
        {isSending
          ? state.percent === null
            ? t('compose.sending')
            : t('compose.sendingPercent', { percent: state.percent })
          : t('compose.send')}
      </Button>
    </form>
  );
}
