import { type OriginSource, originOf, tenantFilter } from '../../../kernel/resources';
import { clientProfiles } from '../tables';

/** A community's website origins: its brand profile's website and the further origins listed there. */
export const brandProfileOrigins: OriginSource = (db, tenantId) =>
  db.readAsTenant(tenantId, async (tx) => {
    const [row] = await tx
      .select({ website: clientProfiles.website, allowedOrigins: clientProfiles.allowedOrigins })
      .from(clientProfiles)
      .where(tenantFilter(clientProfiles, tenantId))
      .limit(1);
    if (!row) return [];
    return [originOf(row.website), ...row.allowedOrigins].filter((o): o is string => Boolean(o));
  });
