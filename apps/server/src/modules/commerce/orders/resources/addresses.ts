import { defineResource, noWrites } from '../../../../kernel/resources';
import { commerceAddresses } from '../../tables';

/** Customers' address books (written by the customers in the storefront; corrected here when needed). */
export const addressesResource = defineResource({
  path: 'commerce/addresses',
  module: 'commerce-orders',
  table: commerceAddresses,
  label: { singular: 'Address', plural: 'Addresses' },
  // Written by the customers in the storefront (and at checkout); read here.
  operations: noWrites,
  list: { search: ['name', 'city', 'postalCode'], filters: ['customerId'], sort: ['name'] },
  fields: { customerId: { label: 'Customer' }, isDefault: { label: 'Default address' }, country: { widget: 'country' } },
  ui: { title: 'name', columns: ['name', 'customerId', 'line1', 'city', 'postalCode', 'country', 'isDefault'] },
  examples: [],
});
