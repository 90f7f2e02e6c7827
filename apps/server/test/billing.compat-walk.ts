import { expect, it } from 'vitest';
import { defineCompatWalk, type Json } from './compat-walk';

/** The billing module's compat lines (plans, add-ons, the brand profile), called with a token (test/compat-contract.test.ts runs this). */
export default defineCompatWalk({
  module: 'billing',
  served: 12,
  walk: (kit) => {
    it('billing lines: plans, add-ons, my add-ons and requests, the brand profile and its AI limit', async () => {
      const { c, line, ok } = kit;
      const plans = ok(await line('POST /content/masters/plans/get', {}));
      expect(plans.map((p: Json) => p.number)).toEqual([1, 2, 3, 4, 5]);
      expect(plans[0]).toMatchObject({ name: 'Starter' });
      expect(plans[0].plans[0].priceMinor).toBeGreaterThan(0);
      const studio = { 'community-name': '-' };
      const catalogue = ok(await line('POST /studio/masters/addOns/get', {}, c, studio));
      expect(catalogue.map((a: Json) => a.code)).toContain('storage-10gb');
      expect(ok(await line('POST /project/addons', {}))).toHaveLength(catalogue.length);
      const asked = ok(await line('POST /studio/miniStore/orders/requestAddOns', { code: 'admin-seat', note: 'walk' }, c, studio));
      expect(asked.order).toMatchObject({ addonCode: 'admin-seat', status: 'requested' });
      const bought = ok(await line('POST /studio/miniStore/orders/requestAddOns', { addonCode: 'ai-500' }, c, studio));
      expect(bought.invoice).toMatchObject({ purpose: 'addon', status: 'open' });
      for (const key of ['POST /content/miniStore/orders/getAddOns', 'POST /studio/miniStore/orders/getAddOns']) {
        const mine = ok(await line(key, {}, c, key.startsWith('POST /studio') ? studio : {}));
        expect(mine.map((o: Json) => o.addonCode).sort()).toEqual(['admin-seat', 'ai-500']);
      }
      for (const key of ['POST /content/miniStore/orders/getAddOnsUsage', 'POST /studio/miniStore/orders/getAddOnsUsage']) {
        expect(ok(await line(key, {}, c, key.startsWith('POST /studio') ? studio : {}))).toEqual([]); // nothing paid yet
      }
      const created = ok(
        await line('POST /content/miniStore/brandProfile/create', { businessName: 'Walk brand', primaryColor: '#112233' }),
      );
      expect(created).toMatchObject({ businessName: 'Walk brand' });
      expect(ok(await line('POST /content/miniStore/brandProfile/update', { primaryColor: '#332211' }))).toMatchObject({
        id: created.id,
        primaryColor: '#332211',
      });
      expect(ok(await line('POST /content/miniStore/brandProfile/get', {}))).toMatchObject({ id: created.id, primaryColor: '#332211' });
      const limit = ok(await line('POST /content/miniStore/brandProfile/Apilimit', {}));
      expect(limit).toMatchObject({ used: 0 });
      expect(limit.limit).toBeGreaterThan(0);
    });
  },
});
