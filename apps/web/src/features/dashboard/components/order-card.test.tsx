import type { Order } from '@momentos/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { canCompletePayment, canCreateAlbum, formatOrderPrice, orderSuffix } from '../lib/orders';
import { OrderCard } from './order-card';

const base: Order = {
  id: '0b6f1c2a-4e5d-4c3b-9a8f-7e6d5c4b3a21',
  price: 39.95,
  currency: 'usd',
  payment_method: 'sandbox',
  payment_status: 'completed',
  redeemed: false,
  created_at: '2026-05-01T10:00:00.000Z',
  checkout_url: 'https://pay.example.com/session/abc',
};

function renderOrder(order: Partial<Order>) {
  renderWithProviders(<OrderCard order={{ ...base, ...order }} />);
}

describe('order rules', () => {
  it('numbers the order with the last 8 characters of its id', () => {
    expect(orderSuffix(base.id)).toBe('5c4b3a21');
    renderOrder({});
    expect(screen.getByTestId('order-number')).toHaveTextContent(/^Orden #5c4b3a21$/);
  });

  it('formats the price in the Mexican locale with the order currency', () => {
    expect(formatOrderPrice(39.95, 'usd')).toBe(
      new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'USD' }).format(39.95),
    );
    expect(formatOrderPrice(1299.5, 'MXN')).toBe('$1,299.50');
    renderOrder({ price: 1299.5, currency: 'MXN' });
    expect(screen.getByTestId('order-price')).toHaveTextContent('$1,299.50');
    expect(screen.getByTestId('order-method')).toHaveTextContent('Tarjeta (prueba)');
  });

  it('offers the create-album button only for a completed, unredeemed order', () => {
    expect(canCreateAlbum({ payment_status: 'completed', redeemed: false })).toBe(true);
    expect(canCreateAlbum({ payment_status: 'completed', redeemed: true })).toBe(false);
    expect(canCreateAlbum({ payment_status: 'pending', redeemed: false })).toBe(false);
    expect(canCreateAlbum({ payment_status: 'failed', redeemed: false })).toBe(false);

    renderOrder({});
    expect(screen.getByTestId('order-create-album')).toHaveAttribute(
      'href',
      `/personalization/step-1?orderId=${base.id}`,
    );
    expect(screen.queryByTestId('order-complete-payment')).toBeNull();
  });

  it('hides the create-album button once the order is redeemed, and shows the redeemed badge', () => {
    renderOrder({ redeemed: true });
    expect(screen.queryByTestId('order-create-album')).toBeNull();
    expect(screen.getByTestId('order-redeemed')).toHaveTextContent('Canjeado');
  });

  it('offers complete-payment in a new tab only for an unpaid order with a checkout URL', () => {
    expect(canCompletePayment({ payment_status: 'pending', checkout_url: 'https://x' })).toBe(true);
    expect(canCompletePayment({ payment_status: 'failed', checkout_url: 'https://x' })).toBe(true);
    expect(canCompletePayment({ payment_status: 'pending', checkout_url: null })).toBe(false);
    expect(canCompletePayment({ payment_status: 'completed', checkout_url: 'https://x' })).toBe(false);

    renderOrder({ payment_status: 'pending' });
    const link = screen.getByTestId('order-complete-payment');
    expect(link).toHaveAttribute('href', base.checkout_url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByTestId('order-create-album')).toBeNull();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Pendiente');
  });

  it('shows an unknown payment status as is with a neutral style', () => {
    renderOrder({ payment_status: 'refunded' as Order['payment_status'], checkout_url: null });
    expect(screen.getByTestId('order-status')).toHaveTextContent('refunded');
    expect(screen.queryByTestId('order-complete-payment')).toBeNull();
    expect(screen.queryByTestId('order-create-album')).toBeNull();
  });
});
