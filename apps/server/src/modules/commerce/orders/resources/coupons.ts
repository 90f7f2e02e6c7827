import { z } from 'zod';
import { defineResource, errors } from '../../../../kernel/resources';
import { PERCENT_PPM, SHOP_MONEY } from '../../catalogue/schemas';
import { COUPON_KIND, commerceCoupons } from '../../tables';

const minor = () => z.number().int().min(0).max(1_000_000_000);

/** Coupons: percentage, fixed amount or free shipping, with their rules (window, minimum, limits, products, categories). */
export const couponsResource = defineResource({
  path: 'commerce/coupons',
  module: 'commerce-orders',
  table: commerceCoupons,
  label: { singular: 'Coupon', plural: 'Coupons' },
  input: {
    code: (s) =>
      s
        .trim()
        .min(2)
        .max(40)
        .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _')
        .transform((c: string) => c.toUpperCase()),
    description: (s) => s.trim().max(500),
    kind: () => z.enum(COUPON_KIND),
    ratePpm: () => z.number().int().min(1, 'More than 0 %').max(1_000_000, 'At most 100 %'),
    amount: () => minor().min(1),
    minimumSubtotal: minor,
    usageLimit: () => z.number().int().min(1).max(10_000_000),
    usageLimitPerCustomer: () => z.number().int().min(1).max(10_000),
  },
  readOnly: ['timesUsed'],
  list: { search: ['code', 'description'], filters: ['kind', 'active'], sort: ['code'] },
  fields: {
    code: { help: 'What shoppers type (stored in capitals)' },
    kind: {
      options: {
        percentage: { label: 'Percentage off' },
        fixed_amount: { label: 'Fixed amount off' },
        free_shipping: { label: 'Free shipping' },
      },
    },
    ratePpm: { ...PERCENT_PPM, label: 'Percentage' },
    amount: { ...SHOP_MONEY, label: 'Amount off' },
    minimumSubtotal: { ...SHOP_MONEY, label: 'Minimum order' },
    startsAt: { label: 'Valid from' },
    endsAt: { label: 'Valid until' },
    usageLimitPerCustomer: { label: 'Uses per customer' },
    timesUsed: { label: 'Times used' },
    productIds: { label: 'Only these products' },
    categoryIds: { label: 'Only these categories' },
  },
  ui: { title: 'code', columns: ['code', 'kind', 'ratePpm', 'amount', 'endsAt', 'timesUsed', 'usageLimit', 'active'] },
  hooks: {
    beforeWrite: ({ existing }, data) => {
      const merged = { ...(existing ?? {}), ...data };
      if (merged.kind === 'percentage' && !merged.ratePpm) throw errors.validation({ ratePpm: 'A percentage coupon needs its percentage' });
      if (merged.kind === 'fixed_amount' && !merged.amount) throw errors.validation({ amount: 'A fixed-amount coupon needs its amount' });
      if (merged.startsAt && merged.endsAt && new Date(String(merged.endsAt)) <= new Date(String(merged.startsAt))) {
        throw errors.validation({ endsAt: 'Must be after the start' });
      }
      return data;
    },
  },
  examples: [
    { code: 'WELCOME10', description: '10 % off a first order', kind: 'percentage', ratePpm: 100_000, usageLimitPerCustomer: 1 },
    { code: 'FLAT500', description: '500.00 off orders from 5,000.00', kind: 'fixed_amount', amount: 50_000, minimumSubtotal: 500_000 },
    { code: 'SHIPFREE', description: 'Free shipping', kind: 'free_shipping' },
  ],
});
