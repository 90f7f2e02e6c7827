import { defineResource } from '../../../kernel/resources';
import { billingAddons } from '../tables';

const GB = 1024 ** 3;

/**
 * Add-ons (/masters/addOns/get; the project API's `addons` is the same catalogue): packs that raise
 * one quota. `instant` ones are bought and paid at once; `platform` ones wait for an operator's approval.
 */
export const addonsResource = defineResource({
  path: 'billing/addons',
  module: 'billing-catalogue',
  table: billingAddons,
  label: { singular: 'Add-on', plural: 'Add-ons' },
  public: true,
  input: {
    code: (s) => s.trim().regex(/^[a-z][a-z0-9-]{1,39}$/, 'A lowercase key such as sms-1000'),
    name: (s) => s.trim().min(1).max(80),
    quotaKey: (s) => s.trim().regex(/^[a-z]+(:[a-z]+)?$/, 'A quota key such as messages:sms or storage'),
    units: (s) => s.int().min(1),
    description: (s) => s.max(500),
    priceMinor: (s) => s.min(0).max(1_000_000_000),
    currency: (s) => s.regex(/^[A-Z]{3}$/, 'A three-letter currency code such as INR'),
  },
  list: { search: ['name', 'code'], filters: ['kind', 'active', 'approval'], sort: ['number', 'name'], defaultSort: 'number' },
  fields: { priceMinor: { widget: 'money', minorUnits: true, currencyField: 'currency', label: 'Price' } },
  ui: { title: 'name', columns: ['number', 'name', 'kind', 'units', 'priceMinor', 'approval', 'active'] },
  examples: [
    {
      code: 'email-10k',
      name: 'Email pack 10,000',
      number: 1,
      kind: 'messages',
      quotaKey: 'messages:email',
      units: 10_000,
      priceMinor: 99_900,
      description: '10,000 more campaign emails this period',
    },
    {
      code: 'sms-1000',
      name: 'SMS pack 1,000',
      number: 2,
      kind: 'messages',
      quotaKey: 'messages:sms',
      units: 1_000,
      priceMinor: 49_900,
      description: '1,000 more campaign SMS this period',
    },
    {
      code: 'whatsapp-1000',
      name: 'WhatsApp pack 1,000',
      number: 3,
      kind: 'messages',
      quotaKey: 'messages:whatsapp',
      units: 1_000,
      priceMinor: 79_900,
      description: '1,000 more WhatsApp messages this period',
    },
    {
      code: 'storage-10gb',
      name: 'Cloud storage 10 GB',
      number: 4,
      kind: 'storage',
      quotaKey: 'storage',
      units: 10 * GB,
      priceMinor: 29_900,
      description: '10 GB more for uploads',
    },
    {
      code: 'ai-500',
      name: 'AI credits 500',
      number: 5,
      kind: 'ai',
      quotaKey: 'ai',
      units: 500,
      priceMinor: 39_900,
      description: '500 more writing-assistant requests this period',
    },
    {
      code: 'admin-seat',
      name: 'Extra admin',
      number: 6,
      kind: 'admins',
      quotaKey: 'admins',
      units: 1,
      priceMinor: 59_900,
      approval: 'platform',
      description: 'One more admin account (approved by the platform)',
    },
  ],
});
