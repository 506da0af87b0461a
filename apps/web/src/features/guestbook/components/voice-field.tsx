import { VOICE_NOTE_MAX_BYTES, VOICE_NOTE_MAX_SECONDS } from '@momentos/contract/constants';
import { FileAudio, Mic, RotateCcw, Square, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { canRecordAudio, type useVoiceRecorder, type VoiceRecording } from '../hooks/use-voice-recorder';
import { formatSeconds } from '../lib/voice-format';

const MAX_MEGABYTES = VOICE_NOTE_MAX_BYTES / (1024 * 1024);
// Some phones hand over a recorder's file with no type; its name still says what it is.
const AUDIO_NAME = /\.(webm|ogg|oga|opus|m4a|mp4|aac|mp3)$/i;

/** Records a voice note in the browser or takes an audio file, plays it back, and lets the guest redo or drop it. */
export function VoiceField({
  voice,
  recorder,
  disabled,
}: {
  voice: VoiceRecording | null;
  /** Held by the form, which keeps the message from leaving while the guest is still speaking. */
  recorder: ReturnType<typeof useVoiceRecorder>;
  disabled: boolean;
}) {
  const { t } = useTranslation('guestbook');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const canRecord = canRecordAudio();
  const isRecording = recorder.phase === 'recording';

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('audio/') && !(file.type === '' && AUDIO_NAME.test(file.name)))
      return setFileProblem(t('voice.fileNotAudio'));
    if (file.size > VOICE_NOTE_MAX_BYTES) return setFileProblem(t('voice.fileTooLarge', { megabytes: MAX_MEGABYTES }));
    setFileProblem(null);
    recorder.attach(file);
  };
  const problem = fileProblem ?? (recorder.problem ? t(`voice.${recorder.problem}`) : null);

  return (
    <section aria-labelledby={headingId} data-testid="voice-field" className="flex flex-col gap-3">
      <div>
        <h3 id={headingId} className="text-sm font-medium text-ink">
          {t('voice.title')}
        </h3>
        <p className="text-xs text-ink-soft">{t('voice.hint', { seconds: VOICE_NOTE_MAX_SECONDS })}</p>
      </div>

      {isRecording ? (
        <div className="flex flex-col gap-3 rounded-2xl border border-rose-100 bg-rose-50 p-4">
          <div className="flex items-center justify-between gap-3">
            <span className="inline-flex items-center gap-2 text-sm font-semibold text-rose-800">
              <span
                aria-hidden
                className="size-2.5 animate-pulse rounded-full bg-rose-700 motion-reduce:animate-none"
              />
              {t('voice.recording')}
            </span>
            <span data-testid="voice-elapsed" className="font-mono text-sm text-ink tabular-nums">
              {t('voice.elapsed', {
                elapsed: formatSeconds(recorder.elapsed),
                max: formatSeconds(VOICE_NOTE_MAX_SECONDS),
              })}
            </span>
          </div>
          <ProgressBar
            size="sm"
            label={t('voice.recording')}
            percent={Math.min(100, Math.round((recorder.elapsed / VOICE_NOTE_MAX_SECONDS) * 100))}
          />
          <Button variant="secondary" data-testid="voice-stop" onClick={recorder.stop}>
            <Square aria-hidden className="size-4 fill-current" />
            {t('voice.stop')}
          </Button>
        </div>
      ) : voice ? (
        <div className="flex flex-col gap-3 rounded-2xl border border-ink/10 bg-paper p-4">
          <p className="text-sm font-medium text-ink">
            {voice.seconds === null
              ? t('voice.fileAttached', { name: voice.fileName })
              : `${t('voice.attached')} · ${formatSeconds(voice.seconds)}`}
          </p>
          <audio
            data-testid="voice-preview"
            controls
            src={voice.url}
            aria-label={t('voice.playerLabel')}
            className="w-full"
          />
          <div className="flex flex-wrap gap-2">
            {canRecord && (
              <Button variant="secondary" disabled={disabled} onClick={() => void recorder.start()}>
                <RotateCcw aria-hidden className="size-4" />
                {t('voice.rerecord')}
              </Button>
            )}
            <Button variant="ghost" className="text-rose-800" disabled={disabled} onClick={recorder.remove}>
              <Trash2 aria-hidden className="size-4" />
              {t('voice.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          {canRecord && (
            <Button
              variant="secondary"
              data-testid="voice-record"
              disabled={disabled || recorder.phase === 'starting'}
              onClick={() => void recorder.start()}
            >
              <Mic aria-hidden className="size-4" />
              {t('voice.record')}
            </Button>
          )}
          <Button variant="ghost" disabled={disabled} onClick={() => fileInput.current?.click()}>
            <FileAudio aria-hidden className="size-4" />
            {t('voice.pickFile')}
          </Button>
        </div>
      )}
      <input
        ref={fileInput}
        type="file"
        accept="audio/*"
        data-testid="voice-file"
        aria-label={t('voice.pickFile')}
        className="sr-only"
        tabIndex={-1}
        onChange={onFile}
      />
      {recorder.stoppedAtMax && voice && <p className="text-sm text-ink-soft">{t('voice.reachedMax')}</p>}
      {problem && (
        <p role="alert" className="rounded-xl bg-gold-100 px-3 py-2 text-sm text-gold-800">
          {problem}
        </p>
      )}
    </section>
  );
}
