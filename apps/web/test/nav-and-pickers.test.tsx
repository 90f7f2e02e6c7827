import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { navGroups, rememberPage, STAR_LIMIT, screensOf, searchNav, toggleStar } from '../src/app/shell/nav-model';
import { areaLabel } from '../src/config/areas';
import type { Screen } from '../src/config/screen-types';
import { GROUPS, SCREENS } from '../src/config/screens';
import { CodePicker } from '../src/kit/code-picker';
import { codeName, codeOptions, codeOptionsWith } from '../src/kit/codes';
import { displayText, type FieldDef } from '../src/kit/schema';
import { renderAt } from './render';

const screenOf = (path: string, group: string, label: string, section?: string): Screen => ({
  path,
  label,
  description: `${label} screen`,
  group,
  section,
  modules: [],
  nav: true,
});

describe('the navigation model', () => {
  it('takes its groups from the areas’ own declarations, each screen in a declared group', () => {
    const keys = GROUPS.map((g) => g.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toBe('home');
    expect(keys.at(-1)).toBe('settings');
    for (const s of SCREENS.filter((x) => !x.public)) expect(keys, s.path).toContain(s.group);
    // The roles' matrix names a server area like the navigation group declaring it.
    expect(areaLabel('commerce')).toBe('Shop');
    expect(areaLabel('site')).toBe('Website');
    expect(areaLabel('marketing')).toBe('Marketing');
    expect(areaLabel('tracker')).toBe('Tracker');
  });

  it('groups screens in the declared order; a new group needs only its declaration', () => {
    const screens = [
      screenOf('/a', 'shop', 'Orders', 'Selling'),
      screenOf('/b', 'billing', 'Invoices'),
      screenOf('/c', 'shop', 'Coupons', 'Selling'),
    ];
    const groups = navGroups(screens, [
      { key: 'billing', label: 'Billing', order: 50 },
      { key: 'shop', label: 'Shop', order: 20 },
      { key: 'empty', label: 'Nothing', order: 30 },
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Shop', 'Billing']);
    expect(groups[0].sections).toEqual([{ label: 'Selling', screens: [screens[0], screens[2]] }]);
  });

  it('searches names first, then group and section names, then descriptions', () => {
    const groups = navGroups(
      [
        screenOf('/o', 'shop', 'Orders', 'Selling'),
        screenOf('/s', 'site', 'Shop banners'),
        screenOf('/p', 'shop', 'Products for sale', 'Catalogue'),
      ],
      [
        { key: 'site', label: 'Website', order: 10 },
        { key: 'shop', label: 'Shop', order: 20 },
      ],
    );
    expect(searchNav(groups, 'shop').map((h) => h.screen.path)).toEqual(['/s', '/o', '/p']);
    expect(searchNav(groups, 'ORD')[0]).toEqual({ screen: expect.objectContaining({ path: '/o' }), place: 'Shop · Selling' });
    expect(searchNav(groups, 'zzz')).toEqual([]);
    expect(searchNav(groups, '  ')).toEqual([]);
  });

  it('stars at most ten pages, unstars on a second toggle, and keeps recent pages unique and short', () => {
    expect(toggleStar(['/a'], '/b')).toEqual(['/a', '/b']);
    expect(toggleStar(['/a', '/b'], '/a')).toEqual(['/b']);
    const full = Array.from({ length: STAR_LIMIT }, (_, i) => `/p${i}`);
    expect(toggleStar(full, '/new')).toBeNull();
    expect(toggleStar(full, '/p3')).toHaveLength(STAR_LIMIT - 1);
    let recent: string[] = [];
    for (const p of ['/a', '/b', '/a', '/c', '/d', '/e', '/f']) recent = rememberPage(recent, p);
    expect(recent).toEqual(['/f', '/e', '/d', '/c', '/a']);
    expect(screensOf(['/x', '/a'], [screenOf('/a', 'home', 'A')]).map((s) => s.path)).toEqual(['/a']);
  });
});

describe('standard code pickers', () => {
  it('names codes from the browser’s own data and lists current codes only', () => {
    expect(codeName('country', 'IN')).toBe('India');
    expect(codeName('country', 'de')).toBe('Germany');
    expect(codeName('currency', 'EUR')).toBe('Euro');
    expect(codeName('language', 'hi')).toBe('Hindi');
    const countries = codeOptions('country').map((o) => o.value);
    expect(countries).toContain('GB');
    expect(countries).not.toContain('UK');
    expect(countries).not.toContain('EU');
    expect(countries.length).toBeGreaterThan(240);
    expect(codeOptions('currency').find((o) => o.value === 'INR')?.label).toBe('Indian Rupee (INR)');
    expect(codeOptions('timezone').length).toBeGreaterThan(300);
    // A stored regional code the list lacks stays choosable, named.
    expect(codeOptionsWith('language', 'fr-CA')[0]).toEqual({ value: 'fr-CA', label: 'Canadian French (fr-CA)' });
  });

  it('shows a stored code by its name in lists', () => {
    const field = {
      key: 'country',
      label: 'Country',
      kind: 'country',
      schema: { type: 'string' },
      nullable: true,
      required: false,
    } as FieldDef;
    expect(displayText(field, 'FR')).toBe('France');
  });

  it('chooses a country by its name and keeps its code', async () => {
    let stored: string | null = null;
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      stored = value;
      return <CodePicker kind="country" label="Country" value={value} onChange={setValue} />;
    }
    renderAt(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.click(input);
    await userEvent.type(input, 'Germ');
    fireEvent.click(await screen.findByRole('option', { name: 'Germany (DE)', hidden: true }));
    await waitFor(() => expect(stored).toBe('DE'));
  });
});
