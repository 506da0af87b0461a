import type { CustomizationField } from '@momentos/contract';
import { coverAddressProblem } from '@momentos/contract/page-addresses';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { CoverUploadProgress, uploadImage, useCoverPicker } from '@/features/personalization';
import { describeError } from '@/lib/error-message';
import { controlClass, Field } from './field-controls';

// The preview hides itself when the address does not load (spec 001 §2); a new address retries.
function CoverPreview({ url }: { url: string }) {
  const { t } = useTranslation('modify');
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) return null;
  return (
    <img
      data-testid="modify-cover-preview"
      src={url}
      alt={t('event.coverPreviewAlt')}
      onError={() => setFailedUrl(url)}
      className="mt-2 aspect-[16/9] w-full max-w-md rounded-2xl border border-ink/10 object-cover"
    />
  );
}

interface CoverFieldProps {
  value: string;
  set: (field: CustomizationField, value: string) => void;
  /** The save waits while a cover is on its way, or it would keep the old one. */
  onUploading: (busy: boolean) => void;
}

/**
 * The cover as an address or an upload. An upload goes at once, through the wizard's path (a
 * large phone photo made smaller first), and its address fills the field; the preview shows it.
 * An address the album pages could not load is named under the field, and the save waits for it.
 */
export function CoverField({ value, set, onUploading }: CoverFieldProps) {
  const { t } = useTranslation(['modify', 'personalization']);
  const [percent, setPercent] = useState<number | null>(null);
  const [typing, setTyping] = useState(false);
  const problem = coverAddressProblem(value);
  // "Not an address" would show from the first letter typed: it waits until the host leaves the field.
  const shownProblem = problem === 'not_https' || (problem && !typing) ? problem : null;

  async function upload(file: File) {
    setPercent(0);
    onUploading(true);
    try {
      set('cover_image_url', await uploadImage(file, setPercent));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('personalization:errors.uploadFailed', { error: describeError(t, error) }),
      });
    } finally {
      setPercent(null);
      onUploading(false);
    }
  }

  const picker = useCoverPicker((file) => void upload(file));

  return (
    <Field field="cover_image_url">
      {/* Side by side from 640 px; on a phone the address's message stays under it, above the button. */}
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto]">
        <input
          id="modify-cover_image_url"
          data-testid="modify-cover_image_url"
          type="url"
          maxLength={500}
          placeholder="https://…"
          value={value}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby="cover-hint"
          onChange={(event) => set('cover_image_url', event.target.value)}
          onFocus={() => setTyping(true)}
          onBlur={() => setTyping(false)}
          className={clsx(controlClass, shownProblem && 'border-rose-700')}
        />
        {picker.button({
          label: t('personalization:cover.upload'),
          disabled: percent !== null,
          testId: 'modify-cover-file',
          className: 'max-sm:order-last min-h-12',
        })}
        <p
          id="cover-hint"
          data-testid={shownProblem ? 'address-problem' : undefined}
          aria-live="polite"
          className={clsx(
            'sm:col-span-2',
            shownProblem ? 'text-sm font-medium text-rose-800' : 'text-xs text-ink-soft',
          )}
        >
          {shownProblem === 'not_https'
            ? t('personalization:addresses.cover')
            : shownProblem
              ? t('personalization:addresses.coverNotAddress')
              : t('event.coverHint')}
        </p>
      </div>
      <CoverUploadProgress percent={percent} />
      {picker.notice}
      <CoverPreview url={value} />
    </Field>
  );
}
