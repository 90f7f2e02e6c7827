import type { Email } from '../../../kernel/messaging';
import { formatMoney } from '../../../kernel/money';

interface OrderForMail {
  reference: string;
  email: string;
  customerName: string;
  currency: string;
  total: number;
}

/** The customer's emails about their order (recorded in the write's transaction, sent after the commit). */
export const orderMail = {
  placed: (order: OrderForMail, lines: { title: string; quantity: number }[]): Email => ({
    to: order.email,
    subject: `Order ${order.reference} received`,
    text: [
      `Hello ${order.customerName},`,
      '',
      `Thank you for your order ${order.reference}:`,
      ...lines.map((l) => `- ${l.quantity} × ${l.title}`),
      '',
      `Total: ${formatMoney(order.total, order.currency)}`,
    ].join('\n'),
  }),
  dispatched: (order: OrderForMail, dispatch: { carrier: string; trackingNumber: string | null }): Email => ({
    to: order.email,
    subject: `Order ${order.reference} is on its way`,
    text: [
      `Hello ${order.customerName},`,
      '',
      `Your order ${order.reference} was handed to ${dispatch.carrier}.`,
      dispatch.trackingNumber ? `Tracking number: ${dispatch.trackingNumber}` : '',
    ].join('\n'),
  }),
};
