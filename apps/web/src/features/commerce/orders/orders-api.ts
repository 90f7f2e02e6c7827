import { request } from '../../../api/client';

// The console's order actions (server: modules/commerce/orders/admin-routes.ts).

export interface OrderLine {
  id: string;
  title: string;
  variationTitle: string;
  sku: string;
  quantity: number;
  quantityDispatched: number;
  quantityReturned: number;
  quantityRefunded: number;
  unitPrice: number;
  discount: number;
  tax: number;
  total: number;
}

export interface Dispatch {
  id: string;
  status: 'dispatched' | 'delivered';
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  lines: { orderLineId: string; quantity: number }[];
  createdAt: string;
}

export interface OrderEvent {
  id: string;
  kind: string;
  message: string;
  actorName: string | null;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface OrderPayment {
  id: string;
  kind: string;
  /** "Razorpay", "Bank transfer", "Recorded by hand". */
  gateway: string;
  mode: string;
  status: string;
  amountMinor: number;
  refundedMinor: number;
  currency: string;
  gatewayPaymentId: string | null;
  createdAt: string;
}

export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  postalCode: string;
  country: string;
  phone?: string;
}

export interface Carrier {
  name: string;
  countries: string[];
  trackingUrl: string;
}

export interface OrderDetail {
  id: string;
  reference: string;
  status: string;
  email: string;
  customerName: string;
  customerId: string | null;
  phone: string | null;
  currency: string;
  pricesIncludeTax: boolean;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  refunded: number;
  couponCode: string | null;
  shippingAddress: PostalAddress;
  billingAddress: PostalAddress | null;
  taxLines: { name: string; ratePpm: number; amount: number }[];
  notes: string | null;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  lines: OrderLine[];
  payments: OrderPayment[];
  dispatches: Dispatch[];
  timeline: OrderEvent[];
}

export type OrderEventName = 'pay' | 'process' | 'deliver' | 'cancel' | 'refund';

export const orderDetail = async (id: string) => (await request<{ data: OrderDetail }>('GET', `/api/v1/commerce/orders/${id}/detail`)).data;

export const transitionOrder = async (id: string, event: OrderEventName, note?: string) =>
  (await request<{ data: OrderDetail }>('POST', `/api/v1/commerce/orders/${id}/transition`, { body: { event, ...(note ? { note } : {}) } }))
    .data;

export const dispatchOrder = async (
  id: string,
  body: { carrier: string; trackingNumber?: string; trackingUrl?: string; lines?: { orderLineId: string; quantity: number }[] },
) => (await request<{ data: OrderDetail }>('POST', `/api/v1/commerce/orders/${id}/dispatches`, { body })).data;

export interface RefundRequest {
  amount?: number;
  lines?: { orderLineId: string; quantity: number }[];
  reason: string;
}

/** A refund in part or in full through the order's payment; `key` makes a retry refund once. */
export const refundOrder = async (id: string, body: RefundRequest, key: string) =>
  (await request<{ data: OrderDetail }>('POST', `/api/v1/commerce/orders/${id}/refunds`, { body, headers: { 'idempotency-key': key } }))
    .data;

export const listCarriers = async () => (await request<{ data: Carrier[] }>('GET', '/api/v1/commerce/carriers')).data;

export const undoDispatch = async (dispatchId: string) =>
  (await request<{ data: OrderDetail }>('DELETE', `/api/v1/commerce/dispatches/${dispatchId}`)).data;

export const moderateReview = (id: string, status: 'approved' | 'rejected' | 'pending') =>
  request('PATCH', `/api/v1/commerce/reviews/${id}/moderation`, { body: { status } });

export const deleteReview = (id: string) => request('DELETE', `/api/v1/commerce/reviews/${id}/moderation`);

export const transitionReturn = (id: string, event: 'approve' | 'reject' | 'receive' | 'refund') =>
  request('POST', `/api/v1/commerce/returns/${id}/transition`, { body: { event } });
