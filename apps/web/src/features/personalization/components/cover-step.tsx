import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { setCoverFile, setTemporary, useCoverFile } from '../hooks/draft-store';
import type { DraftValues } from '../lib/draft';
import { CoverUploadProgress, useCoverPicker } from './cover-picker';
import { useObjectUrl } from './preview-panel';

/** The optional cover: made to fit and checked before upload, previewed here, uploaded on Continue. */
export function CoverStep({
  values,
  uploadPercent,
  onPreparing,
}: {
  values: DraftValues;
  uploadPercent: number | null;
  /** While a large photo is being scaled down, Continue would save the step without it. */
  onPreparing: (preparing: boolean) => void;
}) {
  const { t } = useTranslation('personalization');
  const file = useCoverFile();
  const fileUrl = useObjectUrl(file);
  const shownUrl = fileUrl ?? (values.coverImageUrl || null);
  const picker = useCoverPicker(setCoverFile);
  const { preparing } = picker;
  useEffect(() => {
    onPreparing(preparing);
    return () => onPreparing(false);
  }, [preparing, onPreparing]);

  // Spec 001 §4: removing the cover clears both the chosen file and the saved address.
  function onRemove() {
    setCoverFile(null);
    setTemporary({ coverImageUrl: '' });
  }

  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-2xl border border-dashed border-ink/25 bg-white">
        {shownUrl ? (
          <img
            data-testid="cover-preview"
            src={shownUrl}
            alt={t('cover.previewAlt')}
            className="aspect-[16/9] w-full object-cover"
          />
        ) : (
          <div className="grid aspect-[16/9] place-items-center bg-paper-deep/60 text-ink-soft">
            <div className="flex flex-col items-center gap-2 text-sm">
              <ImagePlus aria-hidden className="size-8" strokeWidth={1.5} />
              {t('cover.empty')}
            </div>
          </div>
        )}
      </div>
      <CoverUploadProgress percent={uploadPercent} />
      <div className="flex flex-wrap items-center gap-3">
        {picker.button({ label: shownUrl ? t('cover.change') : t('cover.choose'), testId: 'cover-file-input' })}
        {shownUrl && (
          <Button variant="ghost" onClick={onRemove} data-testid="cover-remove">
            <Trash2 aria-hidden className="size-4" />
            {t('cover.remove')}
          </Button>
        )}
        <p className="text-xs text-ink-soft">{t('cover.hint')}</p>
      </div>
      {picker.notice}
    </div>
  );
}
