import {
  maxBytesFor,
  UPLOAD_MEDIA_TYPES,
  uploadTypesOf,
  wholeMegabytes,
  type UploadKind,
} from '@momentos/contract/upload-policy';
import { CircleAlert, CloudUpload, PartyPopper, WifiOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { megabytes } from '@/lib/megabytes';
import type { FinishedBatch } from '../lib/finished-batch';
import type { RejectedFile } from '../lib/selection';

/** The format names of one kind ("JPEG", "MOV"); the message joins them in its own language. */
const formatLabels = (kind: UploadKind) => uploadTypesOf(kind).map((type) => UPLOAD_MEDIA_TYPES[type].label);

/** Spec 001 §5: files refused at the last pick, each named, while the valid ones stay chosen. */
export function RejectedNotice({
  rejected,
  videosAllowed,
  onDismiss,
}: {
  rejected: RejectedFile[];
  videosAllowed: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('guest');
  if (rejected.length === 0) return null;
  const lineFor = ({ name, reason, size, kind = 'photo' }: RejectedFile) => {
    if (reason === 'size')
      return t('rejected.tooLarge', { name, size: megabytes(size), max: wholeMegabytes(maxBytesFor(kind)) });
    if (reason === 'storage') return t('rejected.noRoom', { name });
    // Its name promised a photo, its bytes are something else: said at once, before any byte is sent.
    if (reason === 'content') return t(videosAllowed ? 'rejected.notMedia' : 'rejected.notPhoto', { name });
    return reason === 'duplicate' ? t('rejected.duplicate', { name }) : t('rejected.unsupportedFormat', { name });
  };
  // Files picked twice, or with no room on the phone, are not invalid: no talk of formats then.
  const hasInvalid = rejected.some(
    (file) => file.reason === 'type' || file.reason === 'content' || file.reason === 'size',
  );
  const title = hasInvalid
    ? 'rejected.title'
    : rejected.some((file) => file.reason === 'storage')
      ? 'rejected.noRoomTitle'
      : 'rejected.duplicateTitle';
  const formats = { photoFormats: formatLabels('photo'), videoFormats: formatLabels('video') };
  return (
    <div
      role="alert"
      data-testid="guest-rejected"
      className="flex gap-3 rounded-2xl border border-rose-700/30 bg-rose-50 p-3 pl-4 text-sm text-ink"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-rose-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t(title)}</p>
        {hasInvalid && (
          <p className="text-ink-soft">
            {videosAllowed ? t('rejected.media', formats) : t('rejected.images', formats)}
          </p>
        )}
        <ul className="mt-1 list-disc pl-4 text-ink-soft">
          {rejected.map((file, index) => (
            <li key={`${file.name}-${index}`} className="break-words">
              {lineFor(file)}
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('rejected.dismiss')}
        className="-mt-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5"
      >
        <X aria-hidden className="size-5" />
      </button>
    </div>
  );
}

/** Spec 001 §5's message, shown once the guest has started but left out the name or the photos. */
export function IncompleteNotice() {
  const { t } = useTranslation('guest');
  return (
    <div
      data-testid="guest-incomplete"
      role="status"
      className="rounded-2xl bg-gold-100 px-4 py-3 text-sm text-gold-800"
    >
      <p className="font-semibold">{t('incomplete.title')}</p>
      <p>{t('incomplete.text')}</p>
    </div>
  );
}

export function OfflineNotice() {
  const { t } = useTranslation('guest');
  return (
    <p
      data-testid="guest-offline"
      role="status"
      className="flex items-center gap-2 rounded-2xl bg-ink/5 px-4 py-3 text-sm text-ink"
    >
      <WifiOff aria-hidden className="size-4 shrink-0" />
      {t('offline')}
    </p>
  );
}

/** While files are on their way: whether the phone finishes them after the page closes (Background Sync) or not. */
export function BackgroundNotice({ inBackground }: { inBackground: boolean }) {
  const { t } = useTranslation('guest');
  return (
    <p data-testid="guest-background" className="flex items-start gap-2 px-1 text-xs text-ink-soft">
      <CloudUpload aria-hidden className="mt-px size-4 shrink-0" />
      {t(inBackground ? 'queue.background' : 'queue.keepOpen')}
    </p>
  );
}

/** After a batch went through: the selection is cleared, so say what happened and what is next. */
export function LastBatchNotice({ batch }: { batch: FinishedBatch }) {
  const { t } = useTranslation('guest');
  return (
    <div
      data-testid="guest-last-batch"
      role="status"
      className="flex gap-3 rounded-2xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
    >
      <PartyPopper aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t('lastBatch.sent', { count: batch.sent })}</p>
        {batch.pending > 0 && <p>{t('lastBatch.pending', { count: batch.pending })}</p>}
        <p>{t('lastBatch.more')}</p>
      </div>
    </div>
  );
}
