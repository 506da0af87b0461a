import { COVER_IMAGE_TYPES } from '@momentos/contract/constants';
import { clsx } from 'clsx';
import { CircleAlert, ImagePlus, Loader2, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareCoverImage, type ImageRejection } from '../lib/image-checks';

/** Spec 001 §9: rejection notices vanish after 5 s (or when closed). */
export const NOTICE_TIMEOUT_MS = 5000;

function CoverNotice({ rejection, onClose }: { rejection: ImageRejection; onClose: () => void }) {
  const { t } = useTranslation('personalization');
  useEffect(() => {
    const timer = setTimeout(onClose, NOTICE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [rejection, onClose]);
  const title = rejection.kind === 'type' ? t('cover.typeTitle') : t('cover.tooLargeTitle');
  const text =
    rejection.kind === 'type'
      ? t('cover.typeText')
      : t(rejection.kind === 'tooLarge' ? 'cover.tooLargeText' : 'cover.cannotShrinkText', { size: rejection.sizeMb });
  return (
    <div
      role="alert"
      data-testid="cover-notice"
      className="flex items-start gap-3 rounded-2xl border border-rose-700/40 bg-rose-50 p-4"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-rose-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-rose-900">{title}</p>
        <p className="mt-1 text-sm text-ink">{text}</p>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('cover.closeNotice')}
        className="-my-2 grid size-11 shrink-0 place-items-center rounded-xl text-ink-soft hover:bg-ink/5"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

/** The upload's bar with its number ("Subiendo imagen… 42%"), while one is on its way. */
export function CoverUploadProgress({ percent }: { percent: number | null }) {
  const { t } = useTranslation('personalization');
  if (percent === null) return null;
  return (
    <div data-testid="cover-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="h-2 overflow-hidden rounded-full bg-ink/10">
        <div
          className="h-full rounded-full bg-rose-700 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-sm text-ink-soft">{t('cover.uploading', { percent })}</p>
    </div>
  );
}

/**
 * Picking a cover: the file button, the browser's scaling of a large photo (a second or two on a
 * phone, said on the button), and the notice when the file cannot be used. `onReady` gets the
 * file to send. The wizard keeps it for Continue; the modify screen sends it at once.
 */
export function useCoverPicker(onReady: (file: File) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [rejection, setRejection] = useState<ImageRejection | null>(null);
  const closeNotice = useCallback(() => setRejection(null), []);
  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  async function onPick(picked: File | undefined) {
    if (!picked) return;
    setRejection(null);
    setPreparing(true);
    const prepared = await prepareCoverImage(picked).finally(() => setPreparing(false));
    // Cleared either way, so picking the same file again is a change the input reports.
    clear();
    if ('rejection' in prepared) return setRejection(prepared.rejection);
    onReady(prepared.file);
  }

  function button({ label, disabled = false, testId, className }: ButtonOptions) {
    return (
      <CoverFileButton
        className={className}
        inputRef={inputRef}
        label={label}
        preparing={preparing}
        disabled={disabled || preparing}
        testId={testId}
        onPick={(file) => void onPick(file)}
      />
    );
  }

  const notice = rejection && <CoverNotice rejection={rejection} onClose={closeNotice} />;
  return { button, notice, preparing };
}

interface ButtonOptions {
  label: ReactNode;
  disabled?: boolean;
  testId: string;
  className?: string;
}

interface CoverFileButtonProps {
  className?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  label: ReactNode;
  preparing: boolean;
  disabled: boolean;
  testId: string;
  onPick: (file: File | undefined) => void;
}

function CoverFileButton({ className, inputRef, label, preparing, disabled, testId, onPick }: CoverFileButtonProps) {
  const { t } = useTranslation('personalization');
  return (
    <label
      aria-disabled={disabled || undefined}
      className={clsx(
        'inline-flex min-h-11 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-xl border border-ink/15 bg-white px-4 text-sm font-semibold text-ink hover:border-ink/30 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-rose-700 aria-disabled:cursor-progress aria-disabled:opacity-60',
        className,
      )}
    >
      {preparing ? (
        <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <ImagePlus aria-hidden className="size-4" />
      )}
      <span aria-live="polite">{preparing ? t('cover.preparing') : label}</span>
      <input
        ref={inputRef}
        data-testid={testId}
        type="file"
        accept={COVER_IMAGE_TYPES.join(',')}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => onPick(event.target.files?.[0])}
      />
    </label>
  );
}
