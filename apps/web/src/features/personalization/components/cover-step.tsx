import { COVER_IMAGE_TYPES } from '@momentos/contract/constants';
import { CircleAlert, ImagePlus, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { setCoverFile, setTemporary, useCoverFile } from '../hooks/draft-store';
import type { DraftValues } from '../lib/draft';
import { checkCoverImage, type ImageRejection } from '../lib/image-checks';
import { useObjectUrl } from './preview-panel';

/** Spec 001 §9: rejection notices vanish after 5 s (or when closed). */
export const NOTICE_TIMEOUT_MS = 5000;

function RejectionNotice({ rejection, onClose }: { rejection: ImageRejection; onClose: () => void }) {
  const { t } = useTranslation('personalization');
  useEffect(() => {
    const timer = setTimeout(onClose, NOTICE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [rejection, onClose]);
  const title = rejection.kind === 'tooLarge' ? t('cover.tooLargeTitle') : t('cover.typeTitle');
  const text =
    rejection.kind === 'tooLarge' ? t('cover.tooLargeText', { size: rejection.sizeMb }) : t('cover.typeText');
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

/** The optional cover: checked before upload, previewed here, uploaded on Continue. */
export function CoverStep({ values, uploadPercent }: { values: DraftValues; uploadPercent: number | null }) {
  const { t } = useTranslation('personalization');
  const inputRef = useRef<HTMLInputElement>(null);
  const file = useCoverFile();
  const fileUrl = useObjectUrl(file);
  const [rejection, setRejection] = useState<ImageRejection | null>(null);
  const shownUrl = fileUrl ?? (values.coverImageUrl || null);
  const closeNotice = useCallback(() => setRejection(null), []);

  function onPick(picked: File | undefined) {
    if (!picked) return;
    const problem = checkCoverImage(picked);
    if (problem) {
      setRejection(problem);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setRejection(null);
    setCoverFile(picked);
  }

  // Spec 001 §4: removing the cover clears both the chosen file and the saved address.
  function onRemove() {
    setCoverFile(null);
    setTemporary({ coverImageUrl: '' });
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-2xl border border-dashed border-ink/25 bg-white">
        {shownUrl ? (
          <img src={shownUrl} alt={t('cover.previewAlt')} className="aspect-[16/9] w-full object-cover" />
        ) : (
          <div className="grid aspect-[16/9] place-items-center bg-paper-deep/60 text-ink-soft">
            <div className="flex flex-col items-center gap-2 text-sm">
              <ImagePlus aria-hidden className="size-8" strokeWidth={1.5} />
              {t('cover.empty')}
            </div>
          </div>
        )}
      </div>
      {uploadPercent !== null && (
        <div
          data-testid="cover-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={uploadPercent}
        >
          <div className="h-2 overflow-hidden rounded-full bg-ink/10">
            <div
              className="h-full rounded-full bg-rose-700 transition-[width] duration-200"
              style={{ width: `${uploadPercent}%` }}
            />
          </div>
          <p className="mt-1 text-sm text-ink-soft">{t('cover.uploading', { percent: uploadPercent })}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-ink/15 bg-white px-4 text-sm font-semibold text-ink hover:border-ink/30 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-rose-700">
          <ImagePlus aria-hidden className="size-4" />
          {shownUrl ? t('cover.change') : t('cover.choose')}
          <input
            ref={inputRef}
            data-testid="cover-file-input"
            type="file"
            accept={COVER_IMAGE_TYPES.join(',')}
            className="sr-only"
            onChange={(event) => onPick(event.target.files?.[0])}
          />
        </label>
        {shownUrl && (
          <Button variant="ghost" onClick={onRemove} data-testid="cover-remove">
            <Trash2 aria-hidden className="size-4" />
            {t('cover.remove')}
          </Button>
        )}
        <p className="text-xs text-ink-soft">{t('cover.hint')}</p>
      </div>
      {rejection && <RejectionNotice rejection={rejection} onClose={closeNotice} />}
    </div>
  );
}
