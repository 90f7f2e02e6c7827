import { z } from 'zod';
import { isCurrencyCode } from '../../../../kernel/money';
import { defineResource } from '../../../../kernel/resources';
import { commerceSettings } from '../../tables';
import { money } from '../schemas';

/** The settings' amounts are in the currency the same record sets. */
const OWN_MONEY = { widget: 'money', minorUnits: true, currencyField: 'currency' } as const;

export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use the two-letter country code (IN, US…)');
export const taxClass = (s: z.ZodString) =>
  s
    .trim()
    .toLowerCase()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9_-]+$/, 'Use lowercase letters, digits, _ and -');

/** The shop's settings: one record per community (currency, prices with or without tax, shipping). */
export const shopSettingsResource = defineResource({
  path: 'commerce/settings',
  module: 'commerce-settings',
  table: commerceSettings,
  label: { singular: 'Shop settings', plural: 'Shop settings' },
  readOnly: ['nextOrderNumber'],
  input: {
    currency: () => z.string().trim().toUpperCase().refine(isCurrencyCode, 'Use an ISO 4217 currency code (INR, EUR…)'),
    orderPrefix: (s) => s.trim().max(10),
    shippingPrice: () => money,
    freeShippingFrom: () => money,
    shippingTaxClass: taxClass,
    paymentWindowMinutes: (s) => s.int().min(5).max(10_080),
    guestHoldMinutes: (s) => s.int().min(5).max(10_080),
    maxUnitsPerOrder: (s) => s.int().min(1).max(100_000),
    maxUnpaidUnitsPerBuyer: (s) => s.int().min(1).max(1_000_000),
    country: () => countryCode,
  },
  fields: {
    currency: { help: 'Every price of the shop is in this currency' },
    pricesIncludeTax: { label: 'Prices include tax' },
    shippingPrice: { ...OWN_MONEY, label: 'Shipping price' },
    freeShippingFrom: { ...OWN_MONEY, label: 'Free shipping from', help: 'Order subtotal from which shipping is free; empty: never' },
    paymentWindowMinutes: { widget: 'number', label: 'Payment window (minutes)', help: 'Unpaid orders release their stock after this' },
    guestHoldMinutes: {
      widget: 'number',
      label: 'Guest hold (minutes)',
      help: "A guest's unpaid order releases its stock after this (at most the payment window)",
    },
    maxUnitsPerOrder: { widget: 'number', label: 'Units per order', help: 'The most units one order may hold' },
    maxUnpaidUnitsPerBuyer: {
      widget: 'number',
      label: 'Unpaid units per buyer',
      help: 'The most units the unpaid orders of one email, or of one shipping address, may hold together (nobody can hold the whole stock)',
    },
    country: { label: 'Ships from (country)' },
  },
  ui: { title: 'currency', columns: ['currency', 'pricesIncludeTax', 'shippingPrice', 'freeShippingFrom', 'country'] },
  examples: [{ currency: 'INR', pricesIncludeTax: true, shippingPrice: 4900, freeShippingFrom: 99900, country: 'IN', orderPrefix: 'AT-' }],
});
