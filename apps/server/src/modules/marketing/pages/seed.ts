import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Scope, tenantFilter } from '../../../kernel/resources';
import { mergeContact } from '../contacts/merge';
import { marketingLandingPages, marketingLandingStats } from '../tables/pages';
import { today } from './stats';

// Sample traffic for the two example landing pages (seeded from the resource's examples): four
// weeks of daily opens and clicks with a weekday rhythm, and a few signups that are real contacts.

const DAYS = 28;
const SIGNUPS = [
  { name: 'Meera Iyer', email: 'meera.iyer@studio-iyer.example' },
  { name: 'Tomás Ferreira', email: 'tomas.ferreira@arq-ferreira.example' },
  { name: 'Sanjay Gupta', email: 'sanjay.gupta@gupta-architects.example' },
  { name: 'Hannah Weber', email: 'h.weber@weber-planung.example' },
  { name: 'Aisha Khan', email: 'aisha.khan@khan-design.example' },
];

/** A repeatable pseudo-random number in [0, 1) for day `i` of a page (no Math.random: seeds are stable). */
const noise = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43_758.5453;
  return x - Math.floor(x);
};

export async function seedPages(app: FastifyInstance, scope: Scope) {
  await app.db.withTenant(scope.tenantId, async (tx) => {
    const p = marketingLandingPages;
    const pages = await tx
      .select()
      .from(p)
      .where(and(tenantFilter(p, scope.tenantId), inArray(p.slug, ['spring-tiles-offer', 'facade-design-guide'])));
    const now = Date.now();
    for (const [n, page] of pages.entries()) {
      const blocks = (page.design.blocks ?? []) as { id: string; type: string }[];
      const cta = blocks.find((b) => b.type === 'cta' || b.type === 'hero');
      const signup = blocks.find((b) => b.type === 'signup');
      const rows: (typeof marketingLandingStats.$inferInsert)[] = [];
      let total = { opens: 0, clicks: 0, signups: 0 };
      for (let i = 0; i < DAYS; i++) {
        const day = today(new Date(now - (DAYS - 1 - i) * 86_400_000));
        const weekend = [0, 6].includes(new Date(day).getUTCDay());
        const opens = Math.round((weekend ? 18 : 45) * (0.6 + noise(i, n) * 0.8) + i);
        const clicks = Math.round(opens * (0.08 + noise(i, n + 7) * 0.06));
        const signups = signup ? Math.round(opens * (0.03 + noise(i, n + 3) * 0.03)) : 0;
        rows.push({ tenantId: scope.tenantId, pageId: page.id, day, blockId: '', opens, clicks: cta ? clicks : 0, signups });
        if (cta && clicks) rows.push({ tenantId: scope.tenantId, pageId: page.id, day, blockId: cta.id, clicks });
        if (signup && signups) rows.push({ tenantId: scope.tenantId, pageId: page.id, day, blockId: signup.id, signups });
        total = { opens: total.opens + opens, clicks: total.clicks + (cta ? clicks : 0), signups: total.signups + signups };
      }
      await tx.insert(marketingLandingStats).values(rows).onConflictDoNothing();
      await tx
        .update(p)
        .set(total)
        .where(and(tenantFilter(p, scope.tenantId), eq(p.id, page.id)));
      if (!signup) continue;
      // The latest signups are contacts with their consent proof (single opt-in on this page).
      for (const person of SIGNUPS) {
        await mergeContact(
          tx,
          scope.tenantId,
          { ...person, tags: ['facade-guide'], attributes: { landing_page: page.slug }, consent: { email: 'opted_in' } },
          'landing_page',
          { source: `landing page ${page.slug}`, ip: '203.0.113.24' },
        );
      }
    }
  });
}
