import type { Order } from '@momentos/contract';
import { clsx } from 'clsx';
import { CreditCard, ExternalLink, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { track } from '@/lib/tracking/tracking';
import { canCompletePayment, canCreateAlbum, formatOrderPrice, orderSuffix } from '../lib/orders';

const STATUS_STYLE: Record<string, string> = {
  completed: 'bg-emerald-50 text-emerald-800',
  pending: 'bg-gold-100 text-gold-800',
  failed: 'bg-rose-50 text-rose-800',
};

function Badge({
  className,
  children,
  testId,
  value,
}: {
  className: string;
  children: string;
  testId: string;
  value?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-value={value}
      className={clsx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', className)}
    >
      {children}
    </span>
  );
}

/** Spec 001 §2 order row: number, payment and redeemed badges, price, method, date, actions. */
export function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('dashboard');
  const status = order.payment_status as string;
  const known = status in STATUS_STYLE;
  const method = order.payment_method
    ? t(`orders.methods.${order.payment_method}`, { defaultValue: order.payment_method })
    : t('orders.methodUnknown');

  return (
    <article
      data-testid="order-card"
      data-order-id={order.id}
      className="rounded-2xl border border-ink/10 bg-white p-4 shadow-soft sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 data-testid="order-number" className="font-mono text-base font-semibold text-ink">
            {t('orders.number', { id: orderSuffix(order.id) })}
          </h3>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge testId="order-status" value={status} className={known ? STATUS_STYLE[status]! : 'bg-ink/5 text-ink'}>
              {known ? t(`orders.status.${status}`) : status}
            </Badge>
            {order.redeemed && (
              <Badge testId="order-redeemed" className="bg-rose-50 text-rose-800">
                {t('orders.redeemed')}
              </Badge>
            )}
          </div>
        </div>
        <p data-testid="order-price" className="text-xl font-semibold text-ink tabular-nums">
          {formatOrderPrice(order.price, order.currency)}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-ink-soft">{t('orders.method')}</dt>
          <dd data-testid="order-method" className="flex items-center gap-1.5 font-medium text-ink">
            <CreditCard aria-hidden className="size-4 shrink-0" />
            {method}
          </dd>
        </div>
        <div>
          <dt className="text-ink-soft">{t('orders.date')}</dt>
          <dd data-testid="order-date" className="font-medium text-ink">
            {formatDate(order.created_at, i18n.language)}
          </dd>
        </div>
      </dl>
      {(canCreateAlbum(order) || canCompletePayment(order)) && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          {canCreateAlbum(order) && (
            <Link
              data-testid="order-create-album"
              to={`/personalization/step-1?orderId=${encodeURIComponent(order.id)}`}
              onClick={() => track('dashboard_personalize_clicked', { order_id: order.id })}
              className={buttonClass('primary', 'md')}
            >
              <Sparkles aria-hidden className="size-4" />
              {t('orders.createAlbum')}
            </Link>
          )}
          {canCompletePayment(order) && (
            <a
              data-testid="order-complete-payment"
              href={order.checkout_url ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => track('dashboard_complete_payment_clicked', { order_id: order.id })}
              className={buttonClass('secondary', 'md')}
            >
              <ExternalLink aria-hidden className="size-4" />
              {t('orders.completePayment')}
            </a>
          )}
        </div>
      )}
    </article>
  );
}
