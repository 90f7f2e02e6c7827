import AxeBuilder from '@axe-core/playwright';
import { ownerTest as test } from './helpers';

test('debug axe', async ({ page }) => {
  for (const url of ['/admin-panel/dashboard', '/admin-panel/controlcenter/settings/admin-management']) {
    await page.goto(url);
    await page.waitForTimeout(3000);
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      console.log(url, v.id);
      for (const n of v.nodes.slice(0, 6)) console.log('   ', n.html.slice(0, 300), '\n      ', n.failureSummary?.replace(/\n/g, ' ').slice(0, 300));
    }
  }
});
