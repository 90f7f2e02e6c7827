import { sql } from 'drizzle-orm';
import type { Contributions } from '../../kernel/ports';
import { commerceCustomers } from './tables';

/** Shop customers for the marketing contacts: accepting marketing is consent to email. */
export const commerceContactSources: Contributions['contactSources'][] = [
  {
    key: 'commerce.customers',
    label: 'Shop customers',
    kind: 'shop',
    table: commerceCustomers,
    columns: {
      name: commerceCustomers.name,
      email: commerceCustomers.email,
      phone: commerceCustomers.phone,
      // Not accepting says nothing about consent given elsewhere: null, not opted out.
      emailConsent: sql`case when ${commerceCustomers.acceptsMarketing} then 'opted_in' end`,
    },
  },
];
