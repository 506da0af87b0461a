import type { Product } from '@momentos/contract';
import { clsx } from 'clsx';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCompatibleAddons } from '../api/checkout-api';
import { formatMoney } from '../lib/pricing';
import { addonDescription, addonName } from './plan-labels';

interface AddonListProps {
  plan: Product | null;
  selectedIds: readonly string[];
  onToggle: (addon: Product) => void;
}

/** The add-ons compatible with the chosen plan, as checkboxes (spec 000 §2, step 1). */
export function AddonList({ plan, selectedIds, onToggle }: AddonListProps) {
  const { t, i18n } = useTranslation('checkout');
  const addons = useCompatibleAddons(plan?.productId);

  let body;
  if (!plan) body = <p className="text-sm text-ink-soft">{t('addons.choosePlan')}</p>;
  else if (addons.isPending || (addons.isError && addons.isFetching)) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl bg-white/70" />
        ))}
      </div>
    );
  } else if (addons.isError) {
    body = (
      <div role="alert" className="text-sm text-ink">
        {t('addons.loadError')}
        <Button variant="secondary" className="mt-3 flex" onClick={() => void addons.refetch()}>
          <RotateCw aria-hidden className="size-4" />
          {t('plans.retry')}
        </Button>
      </div>
    );
  } else if (addons.data.length === 0) body = <p className="text-sm text-ink-soft">{t('addons.none')}</p>;
  else {
    body = (
      <ul className="flex flex-col gap-2">
        {addons.data.map((addon) => {
          const checked = selectedIds.includes(addon.id);
          const description = addonDescription(t, addon);
          return (
            <li key={addon.id}>
              <label
                className={clsx(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border bg-white px-4 py-3 transition duration-150',
                  checked ? 'border-rose-700/60 bg-rose-50' : 'border-ink/10 hover:border-ink/25',
                )}
              >
                <input
                  type="checkbox"
                  data-testid={`addon-${addon.metadata.addon_type ?? addon.id}`}
                  checked={checked}
                  onChange={() => onToggle(addon)}
                  className="size-5 shrink-0 accent-rose-700"
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-ink">{addonName(t, addon)}</span>
                  {description && <span className="block text-xs text-ink-soft">{description}</span>}
                </span>
                <span className="shrink-0 text-sm font-semibold text-ink">
                  +{formatMoney(addon.unitAmount, addon.currency, i18n.language)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="addons-title" className="mt-8">
      <h2 id="addons-title" className="font-semibold text-ink">
        {t('addons.title')}
      </h2>
      <p className="mb-3 text-sm text-ink-soft">{t('addons.intro')}</p>
      {body}
    </section>
  );
}
