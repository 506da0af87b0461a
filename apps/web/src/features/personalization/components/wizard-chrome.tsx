import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TOTAL_PROGRESS } from '../lib/steps';

/** "n / 7" with a bar: fixed under the header on a phone, inline on wider screens. */
export function WizardProgress({ current }: { current: number }) {
  const { t } = useTranslation('personalization');
  return (
    <div className="fixed inset-x-0 top-16 z-30 border-b border-ink/5 bg-paper/95 px-4 py-2 backdrop-blur-md md:static md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none">
      <div className="flex items-center justify-between gap-3 text-xs font-semibold tracking-[0.14em] text-gold-800 uppercase">
        <span>{t('progress.label', { current, total: TOTAL_PROGRESS })}</span>
        <span data-testid="wizard-progress" aria-hidden>
          {t('progress.short', { current, total: TOTAL_PROGRESS })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('progress.aria')}
        aria-valuemin={1}
        aria-valuemax={TOTAL_PROGRESS}
        aria-valuenow={current}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-ink/10"
      >
        <div
          className="h-full rounded-full bg-rose-700 transition-[width] duration-200"
          style={{ width: `${(current / TOTAL_PROGRESS) * 100}%` }}
        />
      </div>
    </div>
  );
}

interface NavProps {
  onBack: () => void;
  onContinue: () => void;
  canContinue: boolean;
  saving: boolean;
  uploadPercent: number | null;
  locked: boolean;
}

/** Back and Continue: fixed to the bottom on a phone (spec 001 §2), under the step otherwise. */
export function WizardNav({ onBack, onContinue, canContinue, saving, uploadPercent, locked }: NavProps) {
  const { t } = useTranslation('personalization');
  const label =
    uploadPercent !== null
      ? t('cover.uploading', { percent: uploadPercent })
      : saving
        ? t('actions.saving')
        : locked
          ? t('actions.skip')
          : t('actions.continue');
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 flex gap-3 border-t border-ink/10 bg-paper/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md md:static md:mt-8 md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none">
      <Button
        variant="secondary"
        size="lg"
        data-testid="wizard-back"
        onClick={onBack}
        disabled={saving}
        className="md:min-w-32"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('actions.back')}
      </Button>
      <Button
        size="lg"
        data-testid="wizard-continue"
        onClick={onContinue}
        disabled={!canContinue || saving}
        aria-busy={saving}
        className="flex-1 md:flex-none md:min-w-44"
      >
        {saving ? <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" /> : null}
        {label}
        {!saving && <ArrowRight aria-hidden className="size-4" />}
      </Button>
    </div>
  );
}
