import { maxBytesFor, uploadAccept, wholeMegabytes } from '@momentos/contract/upload-policy';
import { clsx } from 'clsx';
import { ImagePlus, Plus } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The multi-file picker: a large tap area while nothing is chosen, a compact "add more" after.
 * The input is cleared after each pick so the same file can be chosen again later.
 */
export function FilePicker({
  videosAllowed,
  hasFiles,
  disabled,
  onPick,
}: {
  videosAllowed: boolean;
  hasFiles: boolean;
  disabled: boolean;
  onPick: (files: File[]) => void;
}) {
  const { t } = useTranslation('guest');
  const id = useId();
  // The contract's types, not image/*: the picker then hides what the server would refuse.
  const accept = uploadAccept(videosAllowed ? ['photo', 'video'] : ['photo']);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    onPick(Array.from(event.target.files ?? []));
    event.target.value = '';
  };
  const limits = { photoMax: wholeMegabytes(maxBytesFor('photo')), videoMax: wholeMegabytes(maxBytesFor('video')) };
  const hint = videosAllowed ? t('picker.hintMedia', limits) : t('picker.hintPhotos', limits);
  return (
    <div>
      <input
        id={id}
        data-testid="guest-file-input"
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        onChange={onChange}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        data-testid="guest-picker"
        className={clsx(
          'flex cursor-pointer items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-rose-700/40 bg-rose-50/60 text-center text-rose-800 transition duration-150',
          'hover:border-rose-700 hover:bg-rose-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-700',
          'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          hasFiles ? 'min-h-12 px-4 py-2' : 'min-h-40 flex-col px-6 py-6',
        )}
      >
        {hasFiles ? (
          <>
            <Plus aria-hidden className="size-5" />
            <span className="font-semibold">{t('picker.addMore')}</span>
          </>
        ) : (
          <>
            <span
              aria-hidden
              className="flex size-14 items-center justify-center rounded-full bg-white text-rose-700 shadow-soft"
            >
              <ImagePlus className="size-7" />
            </span>
            <span className="text-base font-semibold">{t('picker.label')}</span>
            <span className="text-xs text-ink-soft">{hint}</span>
          </>
        )}
      </label>
    </div>
  );
}
