import { ApiError, toApiError } from '../../../api/client';

// The demo shop talks to the real storefront API (/public/<community>/shop) as a shopper would:
// with no console token (a shopper's 401 must not sign the admin out) and the shopper's own
// storefront token. The cart is the server's: its id (and the shopper's token) are kept in
// localStorage like the console's token, per community, so the cart survives a reload and opens in a
// new tab; everything else the page holds resets on reload (seed 000 §4).

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

/** A choice a product's variations make (Colour, Size), with the values its variations use. */
export interface ShopOption {
  id: string;
  name: string;
  display: 'buttons' | 'swatches' | 'dropdown';
  values: { id: string; value: string; swatch: string | null }[];
}

export interface ShopVariation {
  id: string;
  sku: string;
  title: string;
  attributeValueIds: string[];
  price: number;
  compareAtPrice: number | null;
  images: { url: string; alt: string }[];
  isDefault: boolean;
  /** Units a shopper may still buy; null when stock is not tracked. */
  available: number | null;
}

export interface ShopProductDetail extends ShopProduct {
  description: string | null;
  variations: ShopVariation[];
  options?: ShopOption[];
}

export interface CartLine {
  id: string;
  index: number;
  productId: string;
  variationId: string;
  title: string;
  variationTitle: string;
  image: string | null;
  unitPrice: number;
  quantity: number;
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
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the cart lasts as long as the page.
  }
};

/** The community the demo shop is open on: its cart and shopper are kept apart from another community's. */
let community = '';
const keyOf = (key: string) => `${key}.${community}`;

export const demoShopState = {
  useCommunity: (name: string) => {
    community = name;
  },
  cartId: () => stored(keyOf(CART_KEY)),
  setCartId: (id: string | null) => store(keyOf(CART_KEY), id),
  token: () => stored(keyOf(TOKEN_KEY)),
  setToken: (token: string | null) => store(keyOf(TOKEN_KEY), token),
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

/**
 * How a line's extras read, the same wherever the line is shown: the price paid is the catalogue's,
 * and the seed's "discount" is how far it is below the list price (M.R.P.) it is compared with.
 */
export function lineOffer(line: Pick<CartLine, 'unitPrice' | 'quantity' | 'extras'>) {
  const percent = Number(line.extras.discount_in_percentage ?? 0);
  const listPrice = percent > 0 && percent < 100 ? Math.round((line.unitPrice * 100) / (100 - percent)) : line.unitPrice;
  const delivery = typeof line.extras.delivery_date === 'string' ? new Date(`${line.extras.delivery_date}T12:00:00`) : null;
  return {
    percent,
    listPrice,
    saving: (listPrice - line.unitPrice) * line.quantity,
    offers: Number(line.extras.offers_count ?? 0),
    deliveryBy:
      delivery && !Number.isNaN(delivery.getTime())
        ? delivery.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })
        : null,
  };
}

/** The variation whose values are exactly the chosen ones (one per option), if the product has it. */
export function variationFor(variations: ShopVariation[], chosen: Record<string, string>, options: ShopOption[]) {
  if (options.some((o) => !chosen[o.id])) return undefined;
  const wanted = Object.values(chosen);
  return variations.find((v) => wanted.every((id) => v.attributeValueIds.includes(id)));
}

/** A cart line's extras as the seed's demo shop makes them: quantity 1, 4–23 % off, 1–4 offers, delivery within 10 days. */
export function demoExtras(objectID: string, now = new Date(), random = Math.random): LineExtras {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const delivery = new Date(now.getTime() + int(1, 10) * 86_400_000);
  return { objectID, discount_in_percentage: int(4, 23), offers_count: int(1, 4), delivery_date: delivery.toISOString().slice(0, 10) };
}
