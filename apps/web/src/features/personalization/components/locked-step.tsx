import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LockInfo } from '../lib/locks';

/** A sub-step the plan does not open: says which plan (or add-on) does, and never blocks. */
export function LockedStep({ lock }: { lock: LockInfo }) {
  const { t } = useTranslation('personalization');
  const reason = lock.unlockedBy
    ? t('locked.byPlan', { plan: t(`plans.${lock.unlockedBy}`, { ns: 'common' }) })
    : lock.addon
      ? t('locked.byAddon', { addon: t(`addons.${lock.addon}`, { defaultValue: lock.addon }) })
      : t('locked.generic');
  return (
    <div
      data-testid="wizard-locked"
      data-unlocked-by={lock.unlockedBy ?? lock.addon ?? ''}
      className="flex items-start gap-4 rounded-2xl border border-gold-700/30 bg-gold-100/60 p-5"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-white text-gold-800 shadow-soft">
        <Lock aria-hidden className="size-5" />
      </span>
      <div>
        <p className="font-semibold text-ink">{t('locked.title')}</p>
        <p className="mt-1 text-sm text-ink">{reason}</p>
        <p className="mt-2 text-sm text-ink-soft">{t('locked.skipHint')}</p>
      </div>
    </div>
  );
}
