import type { GuestMusic } from '@momentos/contract';
import { clsx } from 'clsx';
import { ExternalLink, Music, Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';

const pill =
  'mx-auto mt-4 flex w-full max-w-xs items-center gap-3 rounded-full border border-ink/10 bg-white/85 text-left';
const linkPill = clsx(
  'mx-auto mt-4 flex min-h-12 w-fit max-w-full items-center justify-center gap-2 rounded-full border border-ink/10 bg-white/85 px-4',
  'text-sm font-semibold text-rose-800 hover:bg-white',
);
const playButton = clsx(
  'flex size-11 shrink-0 items-center justify-center rounded-full bg-rose-700 text-white shadow-soft hover:bg-rose-800',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700',
);

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

function ListenLink({ url, testId }: { url: string; testId: string }) {
  const { t } = useTranslation('guest');
  return (
    <a data-testid={testId} href={url} target="_blank" rel="noopener noreferrer" className={linkPill}>
      <Music aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0">{t('design.music.listen')}</span>
      <ExternalLink aria-hidden className="size-4 shrink-0" />{' '}
      <span className="sr-only">{t('design.music.newTab')}</span>
    </a>
  );
}

/**
 * An audio file the guest plays with a tap: browsers refuse sound that starts by itself, and a
 * guest at a party may not want it. Nothing is fetched until then (preload none). A file that
 * cannot play becomes a link to it.
 */
function AudioPlayer({ url, idPrefix }: { url: string; idPrefix: string }) {
  const { t } = useTranslation('guest');
  const audio = useRef<HTMLAudioElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [failed, setFailed] = useState(false);
  if (failed) return <ListenLink url={url} testId={`${idPrefix}-music-link`} />;

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused)
      element.play().catch((error: unknown) => (error as DOMException).name !== 'AbortError' && setFailed(true));
    else element.pause();
  };
  const percent = time.duration > 0 ? Math.min(100, Math.round((time.current / time.duration) * 100)) : 0;
  return (
    <div data-testid={`${idPrefix}-music`} className={`${pill} p-1.5 pr-4`}>
      <button
        type="button"
        data-testid={`${idPrefix}-music-play`}
        aria-label={isPlaying ? t('design.music.pause') : t('design.music.play')}
        onClick={toggle}
        className={playButton}
      >
        {isPlaying ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="size-5 translate-x-px" />}
      </button>
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline justify-between gap-2 text-sm font-semibold text-ink">
          <span className="truncate">{t('design.music.title')}</span>
          {time.duration > 0 && (
            <span className="shrink-0 text-xs font-normal text-ink-soft tabular-nums">
              {clock(time.current)} / {clock(time.duration)}
            </span>
          )}
        </p>
        <ProgressBar percent={percent} label={t('design.music.progress')} size="sm" className="mt-1.5" />
      </div>
      <audio
        ref={audio}
        data-testid={`${idPrefix}-music-audio`}
        src={url}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setTime((current) => ({ ...current, current: 0 }))}
        onTimeUpdate={(event) =>
          setTime({ current: event.currentTarget.currentTime, duration: event.currentTarget.duration || 0 })
        }
        onError={() => setFailed(true)}
      />
    </div>
  );
}

/** The album's music as the host gave it: an audio file plays here, a streaming link opens, a style is said in words. */
export function AlbumMusic({ music, idPrefix }: { music: GuestMusic; idPrefix: string }) {
  const { t } = useTranslation('guest');
  if (music.kind === 'audio') return <AudioPlayer url={music.url} idPrefix={idPrefix} />;
  if (music.kind === 'link') return <ListenLink url={music.url} testId={`${idPrefix}-music-link`} />;
  if (music.kind === 'text') {
    return (
      <p
        data-testid={`${idPrefix}-music-text`}
        className="mx-auto mt-3 flex max-w-full items-start justify-center gap-1.5 text-sm break-words text-ink-soft"
      >
        <Music aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0">{t('design.music.style', { text: music.text })}</span>
      </p>
    );
  }
  return null;
}
