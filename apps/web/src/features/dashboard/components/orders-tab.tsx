import type { DashboardSummary, Order } from '@momentos/contract';
import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from './empty-state';
import { OrderCard } from './order-card';

export function OrdersTab({
  loading,
  orders,
  summary,
}: {
  loading: boolean;
  orders: Order[];
  summary: DashboardSummary | undefined;
}) {
  const { t } = useTranslation('dashboard');
  if (loading) {
    return (
      <div aria-hidden className="grid gap-3">
        {[0, 1].map((key) => (
          <div
            key={key}
            data-testid="order-skeleton"
            className="h-40 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none"
          />
        ))}
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <EmptyState
        testId="orders-empty"
        icon={<ShoppingCart aria-hidden className="size-8 text-rose-700" />}
        title={t('orders.emptyTitle')}
        text={t('orders.emptyText')}
      >
        <Link to="/checkout" className={buttonClass('primary', 'lg')}>
          {t('orders.emptyAction')}
        </Link>
      </EmptyState>
    );
  }
  const counts = [
    ['completed', summary?.completedOrders ?? orders.filter((order) => order.payment_status === 'completed').length],
    ['pending', summary?.pendingOrders ?? orders.filter((order) => order.payment_status === 'pending').length],
    ['redeemed', summary?.redeemedOrders ?? orders.filter((order) => order.redeemed).length],
  ] as const;
  return (
    <div className="grid gap-4">
      <dl data-testid="order-counts" className="grid grid-cols-3 gap-2">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded-xl bg-paper-deep px-3 py-2 text-center">
            <dt className="text-xs text-ink-soft">{t(`orders.counts.${key}`)}</dt>
            <dd data-testid={`order-count-${key}`} className="text-lg font-semibold text-ink tabular-nums">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div data-testid="order-list" className="grid gap-3 lg:grid-cols-2">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </div>
    </div>
  );
}
