import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import axe from 'axe-core';

const OPTIONS: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } };

/**
 * Axe's results for the page (or its `region`). A page without frames runs axe in place: axe is
 * injected once per document (a screen reached in-app reuses it) and `axe.run` answers directly. With
 * frames (an email preview's sandboxed frame), AxeBuilder runs axe in every frame and joins the results
 * in a blank page, which costs about twice as much. Same axe-core, same rules either way.
 */
async function analyze(page: Page, region?: string): Promise<AxeResults> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(OPTIONS);
    return (region ? builder.include(region) : builder).analyze();
  }
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axe.source);
  return page.evaluate(
    ({ region, options }) => {
      const run = (window as unknown as { axe: typeof axe }).axe;
      return region ? run.run({ include: [[region]] }, options) : run.run(options);
    },
    { region, options: OPTIONS },
  );
}

/** Serious or critical axe violations of the page, or only of its main region (the shell is the same on every screen). */
export async function seriousViolations(page: Page, region?: string) {
  const results = await analyze(page, region);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}
