import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DispatchForm } from '../src/features/commerce/orders/order-dispatch';
import { RefundDialog } from '../src/features/commerce/orders/order-refund';
import type { OrderDetail } from '../src/features/commerce/orders/orders-api';
import { calls, mockApi } from './fetch-mock';
import { renderAt } from './render';

const line = (id: string, title: string) => ({
  id,
  title,
  variationTitle: '',
  sku: title.toUpperCase(),
  quantity: 2,
  quantityDispatched: 0,
  quantityReturned: 0,
  quantityRefunded: 0,
  unitPrice: 50_000,
  discount: 0,
  tax: 0,
  total: 100_000,
});

const order = {
  id: 'o1',
  reference: '#1042',
  currency: 'INR',
  total: 200_000,
  refunded: 0,
  lines: [line('l1', 'Scarf'), line('l2', 'Shawl')],
} as unknown as OrderDetail;

describe('the refund dialog', () => {
  it('shows the server’s refusal at the line and the reason it names', async () => {
    mockApi((method, url) => {
      if (method === 'POST' && url.pathname === '/api/v1/commerce/orders/o1/refunds')
        return {
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: 'Some fields need attention',
              fields: {
                'lines.0.quantity': 'Only 1 unit is left to refund',
                reason: 'Say why',
                amount: 'At most ₹500.00 can still be refunded',
              },
            },
          },
        };
      return undefined;
    });
    renderAt(<RefundDialog order={order} opened onClose={() => {}} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Shawl: units to refund/ }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Damaged' } });
    fireEvent.click(screen.getByRole('button', { name: /^Refund ₹/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls[0].body).toEqual({ lines: [{ orderLineId: 'l2', quantity: 2 }], reason: 'Damaged' });
    expect(await screen.findByText('Only 1 unit is left to refund')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Shawl: units to refund/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Scarf: units to refund/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Reason/ })).toHaveAttribute('aria-invalid', 'true');
    // Refunding by items there is no amount input: its message is said with the refusal.
    expect(screen.getByText('Some fields need attention — At most ₹500.00 can still be refunded')).toBeInTheDocument();
  });
});

describe('the dispatch form', () => {
  it('shows the server’s refusal at the carrier and the line it names', async () => {
    mockApi((method, url) => {
      if (url.pathname === '/api/v1/commerce/carriers') return { body: { data: [{ name: 'Blue Dart', trackingUrl: null }] } };
      if (method === 'POST')
        return {
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: 'Some fields need attention',
              fields: { carrier: 'At most 100 characters', 'lines.1.quantity': 'Only 1 unit is left to ship' },
            },
          },
        };
      return undefined;
    });
    const dispatching = { ...order, lines: order.lines.map((l) => ({ ...l, quantityDispatched: 0 })), dispatches: [] } as OrderDetail;
    renderAt(<DispatchForm order={dispatching} />);
    fireEvent.change(await screen.findByRole('combobox', { name: /^Carrier/ }), { target: { value: 'Blue Dart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record dispatch' }));
    expect(await screen.findByText('Only 1 unit is left to ship')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      carrier: 'Blue Dart',
      lines: [
        { orderLineId: 'l1', quantity: 2 },
        { orderLineId: 'l2', quantity: 2 },
      ],
    });
    expect(screen.getByRole('textbox', { name: /^Shawl: units to ship/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Scarf: units to ship/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('At most 100 characters')).toBeInTheDocument();
  });
});
