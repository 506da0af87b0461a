import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';

/** Spec 001 §2 and §4: completed files over the total, '{n}% completado'. */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation('guest');
  return (
    <div className="flex flex-col gap-1.5">
      <ProgressBar percent={percent} label={t('progressLabel')} />
      <p data-testid="guest-progress" className="text-right text-sm font-medium text-ink" aria-live="polite">
        {t('progress', { percent })}
      </p>
    </div>
  );
}
