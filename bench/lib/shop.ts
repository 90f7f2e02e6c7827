// The shop the order benches check out from: settings, one tax rate, products with one stocked
// variation each (generated in SQL), and a shopper's calls to the storefront API.
import type { FastifyInstance } from 'fastify';

/** A client address per call, so the storefront's per-address rate limits never stop a bench. */
const ip = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}`;

/** Settings (INR, prices with tax), GST 18 % and `products` products of one default variation with ample stock. */
export async function seedShop(
  app: FastifyInstance,
  tenantId: string,
  { products, nextOrderNumber }: { products: number; nextOrderNumber: number },
) {
  await app.db.query(
    `insert into commerce_settings (tenant_id, currency, prices_include_tax, next_order_number) values ($1, 'INR', true, $2)`,
    [tenantId, nextOrderNumber],
  );
  await app.db.query(`insert into commerce_tax_rates (tenant_id, name, tax_class, rate_ppm) values ($1, 'GST 18 %', 'standard', 180000)`, [
    tenantId,
  ]);
  await app.db.query(
    `insert into commerce_products (tenant_id, title, slug, status, min_price, max_price)
     select $1, 'Product ' || g, 'product-' || g, 'active', 1000 + g, 1000 + g from generate_series(1, $2::int) g`,
    [tenantId, products],
  );
  await app.db.query(
    `insert into commerce_variations (tenant_id, product_id, sku, price, on_hand, is_default)
     select tenant_id, id, 'SKU-' || slug, min_price, 1000000, true from commerce_products where tenant_id = $1`,
    [tenantId],
  );
}

/** A shopper of `community`: a new cart with 1–3 of a random variation, and its checkout. */
export async function shopper(app: FastifyInstance, community: string, tenantId: string) {
  const variations = await app.db.query<{ id: string }>('select id from commerce_variations where tenant_id = $1', [tenantId]);
  const shop = (path: string, payload: object) =>
    app.inject({ method: 'POST', url: `/public/${community}/shop${path}`, payload, remoteAddress: ip() });
  const shippingAddress = { name: 'Bench Shopper', line1: '1 Test Road', city: 'Pune', postalCode: '411001', country: 'IN' };
  return {
    async fillCart(): Promise<string> {
      const cart = (await shop('/cart', {})).json().data;
      const variationId = variations[(Math.random() * variations.length) | 0].id;
      await shop('/cart/lines', { cartId: cart.id, variationId, quantity: 1 + ((Math.random() * 3) | 0) });
      return cart.id;
    },
    /** Places the cart's order; its time in ms (a refusal fails the bench). */
    async checkout(cartId: string): Promise<number> {
      const t0 = performance.now();
      // Each checkout is another shopper's: one email's (or address's) unpaid orders may hold only so many units.
      const who = cartId.slice(0, 8);
      const res = await shop('/checkout', {
        cartId,
        email: `bench-${who}@example.com`,
        name: 'Bench Shopper',
        shippingAddress: { ...shippingAddress, line1: `${who} Test Road` },
      });
      const took = performance.now() - t0;
      if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
      return took;
    },
  };
}
