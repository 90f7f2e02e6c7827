import { and, eq } from 'drizzle-orm';
import { type Db, errors } from '../../../kernel/resources';
import { type Channel, marketingSuppressions } from '../tables/contacts';

/**
 * Refuses (409 `suppressed`) a send to an address on the community's suppression list for the
 * channel. The one place this part reads suppressions: at merge it becomes the contacts part's
 * helper (contacts/suppression.ts).
 */
export async function assertNotSuppressed(tx: Db, tenantId: string, channel: Channel, address: string): Promise<void> {
  const [row] = await tx
    .select({ reason: marketingSuppressions.reason })
    .from(marketingSuppressions)
    .where(
      and(
        eq(marketingSuppressions.tenantId, tenantId),
        eq(marketingSuppressions.channel, channel),
        eq(marketingSuppressions.address, address),
      ),
    )
    .limit(1);
  if (row) throw errors.conflict('suppressed', `${address} is on the ${channel} suppression list (${row.reason}); nothing was sent`);
}
