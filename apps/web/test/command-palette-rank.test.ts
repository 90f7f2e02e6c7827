import { describe, expect, it } from 'vitest';
import { screenRank } from '../src/app/shell/command-palette';
import { SCREENS } from '../src/config/screens';

describe('the command palette ranks screens by what was typed', () => {
  const ranked = (q: string) =>
    SCREENS.filter((s) => `${s.label} ${s.description} ${(s.keywords ?? []).join(' ')}`.toLowerCase().includes(q))
      .map((s, order) => ({ s, order, rank: screenRank(s, q) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ s }) => s.label);

  it('puts a screen named by the query before one that only contains it inside a word', () => {
    const version = ranked('version');
    expect(version[0]).toBe('Version');
    // "conversion" (a landing pages keyword) still matches, after it.
    expect(version).toContain('Landing pages');
    expect(version.indexOf('Landing pages')).toBeGreaterThan(0);
  });

  it('ranks a name match before a keyword or description match', () => {
    expect(screenRank({ label: 'Tax rates', description: 'Rates by region', keywords: ['gst'] }, 'tax')).toBe(0);
    expect(screenRank({ label: 'Shop settings', description: 'Currency and tax', keywords: ['gst'] }, 'tax')).toBe(2);
    expect(screenRank({ label: 'Landing pages', description: 'Pages', keywords: ['conversion'] }, 'version')).toBe(3);
    expect(screenRank({ label: 'Payment gateways', description: 'x' }, 'ways')).toBe(1);
  });
});
