import { defineResource } from '../../../../kernel/resources';
import { commerceCustomers } from '../../tables';
import { customerEmail } from '../customers';

/** The shop's customers (storefront accounts, not console users): their password hash is never sent. */
export const customersResource = defineResource({
  path: 'commerce/customers',
  module: 'commerce-orders',
  table: commerceCustomers,
  label: { singular: 'Customer', plural: 'Customers' },
  input: {
    email: () => customerEmail,
    name: (s) => s.trim().min(1).max(120),
    phone: (s) => s.trim().max(40),
  },
  hidden: ['passwordHash'],
  readOnly: ['passwordHash', 'lastSignInAt'],
  list: { search: ['name', 'email'], filters: ['status', 'createdAt'], sort: ['name', 'email'] },
  fields: {
    email: { widget: 'email' },
    status: { options: { active: { color: 'green' }, disabled: { color: 'gray' } } },
    acceptsMarketing: { label: 'Accepts marketing' },
  },
  ui: { title: 'name', columns: ['name', 'email', 'phone', 'status', 'lastSignInAt', 'createdAt'] },
  examples: [
    { email: 'asha.menon@example.com', name: 'Asha Menon', phone: '+91 98450 22110', acceptsMarketing: true },
    { email: 'tomas.berg@example.org', name: 'Tomas Berg' },
  ],
});
