import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { sameCommunity } from '../../kernel/resources';

/**
 * The join of a row to the row one of its references names: the same community, and the target's
 * id is the reference (`joinRef(p, v, v.productId)`: a variation's product). Tenant tables are keyed
 * on (tenant_id, id), so the join names both and the target's primary key serves it.
 */
export const joinRef = (target: { tenantId: PgColumn; id: PgColumn }, from: { tenantId: PgColumn }, ref: PgColumn): SQL =>
  and(sameCommunity(target, from), eq(target.id, ref)) as SQL;
