import { useTranslation } from 'react-i18next';

/** Spec 001 §2 and §4: completed files over the total, '{n}% completado'. */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation('guest');
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={t('progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-ink/10"
      >
        <div className="h-full rounded-full bg-rose-700 transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      <p data-testid="guest-progress" className="text-right text-sm font-medium text-ink" aria-live="polite">
        {t('progress', { percent })}
      </p>
    </div>
  );
}
