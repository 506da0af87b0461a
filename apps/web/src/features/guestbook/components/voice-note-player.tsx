import { clsx } from 'clsx';
import { Download, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatSeconds } from '../lib/voice-format';

const playButton = clsx(
  'flex size-10 shrink-0 items-center justify-center rounded-full bg-rose-700 text-white shadow-soft hover:bg-rose-800',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700',
);

/** The note playing on this page: starting another pauses it, as one voice at a time can be heard. */
let playing: HTMLAudioElement | null = null;

/** The file's own length once it says one (a recording's WebM reads Infinity, or 0 before loading). */
const knownLength = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);

/**
 * A voice note's player: a play button, the progress and "0:07 / 0:42". The length is the
 * server's (`voiceDurationMs`, the AAC copy's) until the file's metadata gives one, so it shows
 * before anything is fetched (preload none) and for a recording whose WebM states no length, where
 * the browser's own controls read "0:00 / 0:00". A note this browser cannot play becomes a link to
 * its file.
 */
export function VoiceNotePlayer({
  url,
  type,
  durationMs,
  name,
}: {
  url: string;
  type: string | null;
  durationMs: number | null;
  /** Who left it, for the player's accessible name. */
  name: string;
}) {
  const { t } = useTranslation('guestbook');
  const audio = useRef<HTMLAudioElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [fileLength, setFileLength] = useState<number>();
  const [failed, setFailed] = useState(false);
  const length = fileLength ?? (durationMs === null ? undefined : durationMs / 1000);

  useEffect(() => {
    const element = audio.current;
    return () => {
      if (playing === element) playing = null;
    };
  }, []);

  if (failed) {
    return (
      <a
        data-testid="voice-note-link"
        href={url}
        type={type ?? undefined}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-rose-800 underline"
      >
        <Download aria-hidden className="size-4" />
        {t('message.openVoice')}
      </a>
    );
  }

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) return element.pause();
    if (playing && playing !== element) playing.pause();
    playing = element;
    element.play().catch((error: unknown) => (error as DOMException).name !== 'AbortError' && setFailed(true));
  };
  const percent = length ? Math.min(100, Math.round((current / length) * 100)) : 0;
  return (
    <div
      role="group"
      aria-label={t('public.voiceLabel', { name })}
      data-testid="voice-note-player"
      className="flex items-center gap-3 rounded-full border border-ink/10 bg-white/80 p-1.5 pr-4"
    >
      <button
        type="button"
        data-testid="voice-note-play"
        aria-label={isPlaying ? t('message.pause') : t('message.play')}
        onClick={toggle}
        className={playButton}
      >
        {isPlaying ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="size-5 translate-x-px" />}
      </button>
      <ProgressBar percent={percent} label={t('message.progress')} size="sm" className="min-w-0 flex-1" />
      <span data-testid="voice-note-time" className="shrink-0 text-xs text-ink-soft tabular-nums">
        {length === undefined ? formatSeconds(current) : `${formatSeconds(current)} / ${formatSeconds(length)}`}
      </span>
      <audio
        ref={audio}
        data-testid="voice-note-audio"
        src={url}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setCurrent(0)}
        onLoadedMetadata={(event) => setFileLength(knownLength(event.currentTarget.duration))}
        onDurationChange={(event) => setFileLength(knownLength(event.currentTarget.duration))}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
