import type { CustomizationField } from '@momentos/contract';
import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { Switch } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLock, type Permissions } from '@/features/personalization';

export const controlClass = clsx(
  'min-h-12 w-full rounded-xl border border-ink/20 bg-white px-4 text-base text-ink shadow-inner-soft',
  'placeholder:text-ink-soft/70 focus:border-rose-700 focus:ring-4 focus:ring-rose-700/15 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-paper-deep disabled:text-ink-soft',
);

/** A labelled field: the label (with a mark when required), its control, then any note. */
export function Field({
  field,
  required,
  note,
  children,
}: {
  field: CustomizationField;
  required?: boolean;
  note?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['modify', 'personalization']);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`modify-${field}`} className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
        {t(`personalization:fields.${field}`)}
        {required && (
          <span className="text-rose-700" title={t('event.required')}>
            *<span className="sr-only"> ({t('event.required')})</span>
          </span>
        )}
      </label>
      {children}
      {note}
    </div>
  );
}

/** "Available with the Premium plan" for a field the plan leaves out, else nothing. */
export function LockNote({ field, permissions }: { field: CustomizationField; permissions: Permissions | undefined }) {
  const { t } = useTranslation(['modify', 'personalization']);
  const lock = fieldLock(field, permissions);
  if (!lock) return null;
  const text = lock.unlockedBy
    ? t('locked.byPlan', { plan: t(`plans.${lock.unlockedBy}`, { ns: 'common' }) })
    : lock.addon
      ? t('locked.byAddon', { addon: t(`personalization:addons.${lock.addon}`, { defaultValue: lock.addon }) })
      : t('locked.generic');
  return (
    <span
      data-testid={`locked-${field}`}
      className="inline-flex items-center gap-1 self-start rounded-full bg-gold-100 px-2.5 py-1 text-xs font-semibold text-gold-800"
    >
      <Lock aria-hidden className="size-3" />
      {text}
    </span>
  );
}

interface ToggleRowProps {
  field: CustomizationField;
  checked: boolean;
  hint?: string;
  permissions: Permissions | undefined;
  onChange: (checked: boolean) => void;
  /** Shown but not the host's to change (what the album can do rather than a choice). */
  readOnly?: boolean;
}

/** A labelled switch; disabled, with the plan that opens it, when the plan leaves it out. */
export function ToggleRow({ field, checked, hint, permissions, onChange, readOnly = false }: ToggleRowProps) {
  const { t } = useTranslation('personalization');
  const locked = fieldLock(field, permissions) !== null;
  const id = `toggle-${field}`;
  return (
    <div
      className={clsx(
        'flex items-start justify-between gap-4 rounded-2xl border border-ink/10 bg-white p-4',
        locked && 'bg-paper-deep/60',
      )}
    >
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-ink">
          {t(`fields.${field}`)}
        </label>
        {hint && <p className="mt-0.5 text-sm text-ink-soft">{hint}</p>}
        <div className="mt-2 empty:hidden">
          <LockNote field={field} permissions={permissions} />
        </div>
      </div>
      <Switch.Root
        id={id}
        data-testid={`modify-toggle-${field}`}
        checked={checked}
        disabled={locked || readOnly}
        onCheckedChange={onChange}
        className="group relative -my-1 inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span
          aria-hidden
          className="h-7 w-12 rounded-full bg-ink/20 transition-colors duration-150 group-data-[state=checked]:bg-rose-700"
        />
        <Switch.Thumb className="absolute left-2 size-5 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-5" />
      </Switch.Root>
    </div>
  );
}
