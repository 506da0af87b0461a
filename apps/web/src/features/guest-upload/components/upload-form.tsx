import { GUEST_NAME_MAX } from '@momentos/contract/constants';
import { clsx } from 'clsx';
import { LoaderCircle, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import type { GuestAlbum } from '../api/guest-api';
import { canUploadInBackground } from '../background';
import { useGuestUpload } from '../hooks/use-guest-upload';
import { useOnline } from '../hooks/use-online';
import { completedPercent, isComplete, isSent } from '../lib/selection';
import { FilePicker } from './file-picker';
import { FileRow } from './file-row';
import { SectionChoice } from './section-choice';
import { BackgroundNotice, IncompleteNotice, LastBatchNotice, OfflineNotice, RejectedNotice } from './upload-notices';
import { UploadProgress } from './upload-progress';

/** Name, picker, chosen files with their states, progress and the send button (spec 001 §2, §4, §5). */
export function UploadForm({ album, accessCode }: { album: GuestAlbum; accessCode: string }) {
  const { t } = useTranslation('guest');
  const state = useGuestUpload(album, accessCode);
  const { items, name, isUploading } = state;
  const isOnline = useOnline();
  const toSend = items.filter((item) => item.status === 'ready' || item.status === 'failed');
  const hasVideo = toSend.some((item) => item.kind === 'video');
  const isReady = isComplete(name, toSend);
  const hasName = name.trim().length > 0;
  // Explains the disabled button once the guest has started: files without a name, or a name and only refused files.
  const showIncomplete =
    !isUploading && ((toSend.length > 0 && !hasName) || (hasName && toSend.length === 0 && state.rejected.length > 0));
  const showProgress = items.some((item) => item.status !== 'ready');
  const current = items.filter((item) => isSent(item) || item.status === 'failed').length + 1;
  const [inBackground] = useState(canUploadInBackground);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isReady) {
      toast({ variant: 'destructive', title: t('incomplete.title'), description: t('incomplete.text') });
      return;
    }
    void state.upload();
  }

  return (
    <form
      data-testid="guest-upload-form"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-3xl border border-ink/10 bg-white p-4 shadow-soft sm:p-7"
    >
      <TextField
        id="guest-name"
        data-testid="guest-name"
        label={t('name.label')}
        hint={t('name.hint')}
        placeholder={t('name.placeholder')}
        autoComplete="name"
        enterKeyHint="done"
        maxLength={GUEST_NAME_MAX}
        value={name}
        disabled={isUploading}
        onChange={(event) => state.setName(event.target.value)}
      />
      <SectionChoice
        albumId={album.id}
        accessCode={accessCode}
        value={state.sectionId}
        onChange={state.setSectionId}
        disabled={isUploading}
      />

      {state.lastBatch && items.length === 0 && <LastBatchNotice batch={state.lastBatch} />}

      <FilePicker
        videosAllowed={album.videosAllowed}
        hasFiles={items.length > 0}
        disabled={isUploading}
        onPick={state.addFiles}
      />
      <RejectedNotice rejected={state.rejected} videosAllowed={album.videosAllowed} onDismiss={state.dismissRejected} />

      {items.length > 0 && (
        <section aria-labelledby="guest-selection-heading" className="flex flex-col gap-2">
          <h2 id="guest-selection-heading" className="text-sm font-semibold text-ink">
            {t('selection.heading', { count: items.length })}
          </h2>
          <ul data-testid="guest-files" className="flex flex-col gap-2">
            {items.map((item) => (
              <FileRow
                key={item.id}
                item={item}
                onRemove={() => state.removeFile(item.id)}
                onRetry={() => void state.upload([item.id])}
              />
            ))}
          </ul>
        </section>
      )}

      {!isOnline && isUploading && <OfflineNotice />}
      {isUploading && <BackgroundNotice inBackground={inBackground} />}
      {showIncomplete && <IncompleteNotice />}

      {/* Sticky only once files are chosen, to keep the button in sight along a long list: on the
          first screen it would sit on top of the picker, the one thing a guest has to tap. */}
      <div
        data-testid="guest-submit-bar"
        className={clsx(
          '-mx-4 -mb-4 rounded-b-3xl bg-white/95 px-4 pt-2 pb-4 backdrop-blur sm:-mx-7 sm:-mb-7 sm:px-7 sm:pb-7',
          items.length > 0 && 'sticky bottom-0',
        )}
      >
        {/* With the button, so the overall progress stays in sight however long the list is. */}
        {showProgress && items.length > 0 && (
          <div className="mb-2">
            <UploadProgress percent={completedPercent(items)} items={items} />
          </div>
        )}
        <Button
          data-testid="guest-submit"
          type="submit"
          size="lg"
          className="w-full"
          disabled={!isReady || isUploading}
        >
          {isUploading ? (
            <>
              <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
              {isOnline
                ? t('uploading', { current: Math.min(current, items.length), total: items.length })
                : t('waitingForSignal')}
            </>
          ) : (
            <>
              <Upload aria-hidden className="size-5" />
              {toSend.length === 0
                ? t('submitEmpty')
                : t(hasVideo ? 'submitMedia' : 'submit', { count: toSend.length })}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
