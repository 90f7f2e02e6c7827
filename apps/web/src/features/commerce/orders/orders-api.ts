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
  lines: { orderLineId: string; quantity: number }[];
  createdAt: string;
}

export interface OrderEvent {
  id: string;
  kind: string;
  message: string;
  actorName: string | null;
  createdAt: string;
}

export interface OrderDetail {
  id: string;
  reference: string;
  status: string;
  email: string;
  customerName: string;
  currency: string;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  refunded: number;
  couponCode: string | null;
  shippingAddress: Record<string, string>;
  lines: OrderLine[];
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
  body: { carrier: string; trackingNumber?: string; lines?: { orderLineId: string; quantity: number }[] },
) => (await request<{ data: OrderDetail }>('POST', `/api/v1/commerce/orders/${id}/dispatches`, { body })).data;

export const undoDispatch = async (dispatchId: string) =>
  (await request<{ data: OrderDetail }>('DELETE', `/api/v1/commerce/dispatches/${dispatchId}`)).data;

export const moderateReview = (id: string, status: 'approved' | 'rejected' | 'pending') =>
  request('PATCH', `/api/v1/commerce/reviews/${id}/moderation`, { body: { status } });

export const deleteReview = (id: string) => request('DELETE', `/api/v1/commerce/reviews/${id}/moderation`);

export const transitionReturn = (id: string, event: 'approve' | 'reject' | 'receive' | 'refund') =>
  request('POST', `/api/v1/commerce/returns/${id}/transition`, { body: { event } });
