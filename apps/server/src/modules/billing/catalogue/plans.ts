import { z } from 'zod';
import { defineResource } from '../../../kernel/resources';
import { BILLING_PERIODS, billingPlans } from '../tables';

const GB = 1024 ** 3;
const currency = z.string().regex(/^[A-Z]{3}$/, 'A three-letter currency code such as INR');
const option = z.object({ period: z.enum(BILLING_PERIODS), currency, priceMinor: z.number().int().min(0).max(1_000_000_000) });
const limits = z.record(z.string().regex(/^[a-z]+(:[a-z]+)?$/, 'A quota key such as products or messages:sms'), z.number().int().min(0));

/** Quota keys every plan states (a key not stated is unlimited). */
export const PLAN_LIMIT_KEYS = [
  'admins',
  'products',
  'contacts',
  'messages:email',
  'messages:sms',
  'messages:whatsapp',
  'storage',
  'ai',
] as const;

const limitsOf = (
  admins: number,
  products: number,
  contacts: number,
  email: number,
  sms: number,
  whatsapp: number,
  storageGb: number,
  ai: number,
) => ({
  admins,
  products,
  contacts,
  'messages:email': email,
  'messages:sms': sms,
  'messages:whatsapp': whatsapp,
  storage: storageGb * GB,
  ai,
});

/**
 * Plans (/masters/plans/get): a platform catalogue sorted by `number`. Prices are INR options per
 * period; `regional` replaces them for admins signing in from a country (Singapore, seed 001 §9).
 */
export const plansResource = defineResource({
  path: 'billing/plans',
  module: 'billing-catalogue',
  table: billingPlans,
  label: { singular: 'Plan', plural: 'Plans' },
  public: true,
  input: {
    code: (s) => s.trim().regex(/^[a-z][a-z0-9-]{1,39}$/, 'A lowercase key such as business'),
    name: (s) => s.trim().min(1).max(80),
    number: (s) => s.min(0).max(10_000),
    description: (s) => s.max(500),
    options: () => z.array(option).min(1).max(12),
    regional: () => z.array(z.object({ country: z.string().regex(/^[A-Z]{2}$/), options: z.array(option).min(1).max(12) })).max(50),
    limits: () => limits,
    features: () => z.array(z.string().trim().min(1).max(120)).max(30),
    trialDays: (s) => s.min(0).max(90),
  },
  list: { search: ['name', 'code'], filters: ['active'], sort: ['number', 'name'], defaultSort: 'number' },
  fields: { options: { widget: 'json' }, regional: { widget: 'json' }, limits: { widget: 'json' }, features: { widget: 'tags' } },
  ui: { title: 'name', columns: ['number', 'name', 'code', 'trialDays', 'active'] },
  examples: [
    {
      code: 'starter',
      name: 'Starter',
      number: 1,
      description: 'A website and a shop for a new business',
      options: [
        { period: 'monthly', currency: 'INR', priceMinor: 99_900 },
        { period: 'yearly', currency: 'INR', priceMinor: 999_000 },
      ],
      regional: [{ country: 'SG', options: [{ period: 'monthly', currency: 'SGD', priceMinor: 1_900 }] }],
      limits: limitsOf(2, 100, 1_000, 2_000, 100, 100, 1, 50),
      features: ['Website and shop', 'Email support'],
      trialDays: 14,
    },
    {
      code: 'prototype',
      name: 'Prototype',
      number: 2,
      description: 'Try ideas with a small team',
      options: [
        { period: 'monthly', currency: 'INR', priceMinor: 449_900 },
        { period: 'yearly', currency: 'INR', priceMinor: 4_499_000 },
      ],
      regional: [{ country: 'SG', options: [{ period: 'monthly', currency: 'SGD', priceMinor: 8_900 }] }],
      limits: limitsOf(3, 500, 5_000, 10_000, 500, 500, 5, 200),
      features: ['Landing pages', 'Email support'],
      trialDays: 14,
    },
    {
      code: 'essential',
      name: 'Essential',
      number: 3,
      description: 'Marketing for a growing business',
      options: [
        { period: 'monthly', currency: 'INR', priceMinor: 999_900 },
        { period: 'yearly', currency: 'INR', priceMinor: 9_999_000 },
      ],
      regional: [{ country: 'SG', options: [{ period: 'monthly', currency: 'SGD', priceMinor: 19_900 }] }],
      limits: limitsOf(5, 2_000, 25_000, 50_000, 2_000, 2_000, 20, 1_000),
      features: ['Campaigns on every channel', 'Custom domain', 'Chat support'],
      trialDays: 14,
    },
    {
      code: 'business',
      name: 'Business',
      number: 4,
      description: 'Every area for an established business',
      options: [
        { period: 'monthly', currency: 'INR', priceMinor: 4_999_900 },
        { period: 'yearly', currency: 'INR', priceMinor: 49_999_000 },
      ],
      regional: [{ country: 'SG', options: [{ period: 'monthly', currency: 'SGD', priceMinor: 89_900 }] }],
      limits: limitsOf(25, 20_000, 250_000, 500_000, 20_000, 20_000, 200, 10_000),
      features: ['Everything in Essential', 'Design studio', 'Priority support'],
      trialDays: 14,
    },
    {
      code: 'enterprise',
      name: 'Enterprise',
      number: 5,
      description: 'Scale, security reviews and a named contact',
      options: [
        { period: 'yearly', currency: 'INR', priceMinor: 75_000_000 },
        { period: 'monthly', currency: 'INR', priceMinor: 7_500_000 },
      ],
      regional: [{ country: 'SG', options: [{ period: 'yearly', currency: 'SGD', priceMinor: 1_200_000 }] }],
      limits: limitsOf(200, 200_000, 2_000_000, 5_000_000, 200_000, 200_000, 2_000, 100_000),
      features: ['Everything in Business', 'Single sign-on', 'Named account manager'],
      trialDays: 14,
    },
  ],
});
