import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/resources';
import { tenantFilter } from '../../../kernel/resources';
import { type CampaignChannel, campaignChannelLimits } from '../tables';

export interface ChannelLimit {
  perSecond: number;
  windowSeconds: number;
  windowMax: number;
  maxAttempts: number;
  pauseAfterFailures: number;
}

/** Until a community sets its own (campaigns/channel-limits): what most providers accept from a new sender. */
export const DEFAULT_LIMITS: Record<CampaignChannel, ChannelLimit> = {
  email: { perSecond: 50, windowSeconds: 3600, windowMax: 1_000_000, maxAttempts: 4, pauseAfterFailures: 50 },
  sms: { perSecond: 10, windowSeconds: 3600, windowMax: 100_000, maxAttempts: 4, pauseAfterFailures: 50 },
  whatsapp: { perSecond: 20, windowSeconds: 86_400, windowMax: 100_000, maxAttempts: 4, pauseAfterFailures: 50 },
  push: { perSecond: 100, windowSeconds: 3600, windowMax: 1_000_000, maxAttempts: 3, pauseAfterFailures: 200 },
};

/** The limit a send through `provider` keeps: the provider's own, else the channel's, else the default. */
export async function channelLimit(tx: Db, tenantId: string, channel: CampaignChannel, provider: string): Promise<ChannelLimit> {
  const l = campaignChannelLimits;
  const [row] = await tx
    .select()
    .from(l)
    .where(and(tenantFilter(l, tenantId), eq(l.channel, channel), inArray(l.provider, [provider, ''])))
    .orderBy(sql`${l.provider} = '' `)
    .limit(1);
  return row ?? DEFAULT_LIMITS[channel];
}
