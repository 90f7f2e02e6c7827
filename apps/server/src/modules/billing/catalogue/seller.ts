import { defineResource } from '../../../kernel/resources';
import { billingSeller } from '../tables';

/** Who issues the invoices: the platform's legal details (one record, changed by platform operators). */
export const sellerResource = defineResource({
  path: 'billing/seller',
  module: 'billing-catalogue',
  table: billingSeller,
  label: { singular: 'Invoice issuer', plural: 'Invoice issuers' },
  input: {
    legalName: (s) => s.trim().min(1).max(200),
    address: (s) => s.trim().min(1).max(500),
    country: (s) => s.regex(/^[A-Z]{2}$/, 'A two-letter country code such as IN'),
    taxId: (s) => s.max(40),
    email: (s) => s.email().max(254),
    invoicePrefix: (s) => s.regex(/^[A-Z]{2,8}$/, 'Two to eight capital letters'),
  },
  list: { search: ['legalName'], sort: ['legalName'] },
  fields: { address: { widget: 'textarea' }, email: { widget: 'email' } },
  ui: { title: 'legalName', columns: ['legalName', 'country', 'taxId', 'invoicePrefix'] },
  examples: [
    {
      legalName: 'Atrium Cloud Private Limited',
      address: '4th Floor, 12 MG Road, Bengaluru 560001, Karnataka, India',
      country: 'IN',
      taxId: '29AABCA1234F1Z5',
      email: 'billing@atrium.example',
      invoicePrefix: 'ATR',
    },
  ],
});
