import { index, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { filterIndexes, sortIndexes, tenantTable } from '../../kernel/resources';

/** Roles for the community's website visitors/members (separate from admin roles). */
export const websiteRoles = tenantTable(
  'website_roles',
  {
    name: text('name').notNull(),
    description: text('description'),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
  },
  (t) => [
    uniqueIndex('website_roles_name_uq').on(t.tenantId, t.name),
    ...sortIndexes('website_roles', t, { name: t.name }),
    ...filterIndexes('website_roles', t, { status: t.status }),
  ],
);

/** The community's brand profile (one per community): logo, favicon, primary colour. */
export const clientProfiles = tenantTable(
  'client_profiles',
  {
    businessName: text('business_name').notNull(),
    logoUrl: text('logo_url'),
    faviconUrl: text('favicon_url'),
    primaryColor: text('primary_color').notNull().default('#cd3197'),
    website: text('website'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    fontFamily: text('font_family'),
    /** Further origins of the community's website (besides `website`'s) that may call the public endpoints from a browser. */
    allowedOrigins: text('allowed_origins').array().notNull().default([]),
    /** ISO 4217 code of the community's money (prices, totals): the console's money inputs show it. */
    currency: text('currency').notNull().default('USD'),
  },
  (t) => [uniqueIndex('client_profiles_tenant_uq').on(t.tenantId), index('client_profiles_name_idx').on(t.tenantId, t.businessName)],
);
