import type { PlanTier, Product } from '@momentos/contract';
import type { TFunction } from 'i18next';
import { Download, Loader2, Lock } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { describeError } from '@/lib/error-message';
import { translatePlanName } from '@/lib/plan-name';
import { track } from '@/lib/tracking/tracking';
import { ADDON_SESSION_PARAM, useAddonCheckout, useAddonProduct } from '../api/album-detail-api';

const TIERS: readonly string[] = ['basic', 'plus', 'premium', 'elite'];

const priceOf = (product: Product | null | undefined) =>
  product ? `$${(product.unitAmount / 100).toFixed(2)} ${product.currency.toUpperCase()}` : undefined;

/**
 * Where the 'Descargar Fotos' button would be on a plan without the ZIP (Basic and Plus without the
 * album_download add-on): the same floating button offers the add-on and pays for it alone through
 * the site's payment provider, coming back to this album (PRODUCT.md, "Downloads").
 */
export function AddonOffer({ id, plan }: { id: string; plan: string }) {
  const { t, i18n } = useTranslation(['albumDetail', 'common']);
  const tier = TIERS.includes(plan.toLowerCase()) ? (plan.toLowerCase() as PlanTier) : undefined;
  const product = useAddonProduct(tier, 'album_download');
  const checkout = useAddonCheckout(id);
  const price = priceOf(product.data);

  const pay = () => {
    track('album_addon_checkout', { album_id: id, addon: 'album_download' });
    const here = `${window.location.origin}/album-detail/${encodeURIComponent(id)}`;
    checkout.mutate(
      {
        addon: 'album_download',
        successUrl: `${here}?${ADDON_SESSION_PARAM}={CHECKOUT_SESSION_ID}`,
        cancelUrl: here,
        locale: i18n.language.startsWith('en') ? 'en' : 'es',
      },
      {
        onSuccess: (session) => window.location.assign(session.url),
        onError: (error) =>
          toast({ variant: 'destructive', title: t('addon.failed'), description: describeError(t, error) }),
      },
    );
  };

  return (
    <Dialog.Root>
      {/* Placed and styled as the download button it stands in for (download-button.tsx). */}
      <div className="pointer-events-none sticky bottom-0 z-40 flex justify-center px-4 py-4 sm:justify-end sm:px-6 sm:py-6 print:hidden">
        <Dialog.Trigger asChild>
          <button
            type="button"
            data-testid="addon-offer"
            className="pointer-events-auto relative inline-flex min-h-12 w-full max-w-sm items-center justify-center gap-2 rounded-full bg-rose-700 px-6 text-base font-semibold text-white shadow-lift hover:bg-rose-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700 sm:w-auto"
          >
            <Download aria-hidden className="size-5" />
            {t('addon.button')}
          </button>
        </Dialog.Trigger>
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
        <Dialog.Content
          data-testid="addon-dialog"
          className="fixed top-1/2 left-1/2 z-[61] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-lift"
        >
          <span className="inline-grid size-11 place-items-center rounded-full bg-gold-100 text-gold-800">
            <Lock aria-hidden className="size-5" />
          </span>
          <Dialog.Title className="mt-3 text-lg font-semibold text-ink">{t('addon.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-soft">
            {t('addon.text', { plan: translatePlanName(t as unknown as TFunction, plan) })}
          </Dialog.Description>
          <p className="mt-3 text-sm text-ink">{price ? t('addon.price', { price }) : t('addon.oneTime')}</p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('addon.notNow')}</Button>
            </Dialog.Close>
            <Button
              data-testid="addon-pay"
              onClick={pay}
              disabled={checkout.isPending || checkout.isSuccess}
              aria-busy={checkout.isPending}
            >
              {(checkout.isPending || checkout.isSuccess) && (
                <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
              )}
              {price ? t('addon.pay', { price }) : t('addon.payNoPrice')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
