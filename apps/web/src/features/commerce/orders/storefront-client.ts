import { ApiError, toApiError } from '../../../api/client';

// The demo shop talks to the real storefront API (/public/<community>/shop) as a shopper would:
// with no console token (a shopper's 401 must not sign the admin out) and the shopper's own
// storefront token. What the seed's shell kept in stored state (cart id, shopper token) lives in
// sessionStorage, so it resets when the tab is closed.

const CART_KEY = 'atrium.demoShop.cart';
const TOKEN_KEY = 'atrium.demoShop.token';

export interface ShopProduct {
  id: string;
  title: string;
  slug: string;
  brand: string | null;
  images: { url: string; alt: string }[];
  minPrice: number;
  maxPrice: number;
  ratingAverage: number;
  ratingCount: number;
}

/** The seed's presentation extras of a cart line (000 §3): its offer, not the price the server computes. */
export interface LineExtras {
  objectID: string;
  discount_in_percentage: number;
  offers_count: number;
  delivery_date: string;
}

export interface CartLine {
  id: string;
  index: number;
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  total: number;
  extras: Partial<LineExtras>;
}

export interface Cart {
  id: string;
  currency: string;
  lines: CartLine[];
  couponCode: string | null;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  shipping: { total: number };
  issues: { code: string; message: string }[];
}

const stored = (key: string) => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string | null) => (value === null ? sessionStorage.removeItem(key) : sessionStorage.setItem(key, value));

export const demoShopState = {
  cartId: () => stored(CART_KEY),
  setCartId: (id: string | null) => store(CART_KEY, id),
  token: () => stored(TOKEN_KEY),
  setToken: (token: string | null) => store(TOKEN_KEY, token),
};

export async function shopCall<T>(community: string, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
  const url = new URL(`/public/${encodeURIComponent(community)}/shop${path}`, window.location.origin);
  if (method === 'GET')
    for (const [k, v] of Object.entries(body ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const token = demoShopState.token();
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-shop-token': token } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The shop cannot be reached. Try again.');
  }
  const json = (await res.json().catch(() => undefined)) as { data?: T } | undefined;
  // An expired or revoked shopper session: forget it (the shop works on as a guest).
  if (res.status === 401 && token) demoShopState.setToken(null);
  if (!res.ok) throw toApiError(res.status, json);
  return (json?.data ?? json) as T;
}

/** A cart line's extras as the seed's demo shop makes them: quantity 1, 4–23 % off, 1–4 offers, delivery within 10 days. */
export function demoExtras(objectID: string, now = new Date(), random = Math.random): LineExtras {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const delivery = new Date(now.getTime() + int(1, 10) * 86_400_000);
  return { objectID, discount_in_percentage: int(4, 23), offers_count: int(1, 4), delivery_date: delivery.toISOString().slice(0, 10) };
}
