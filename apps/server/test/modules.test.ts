import { describe, expect, it } from 'vitest';
import { MODULES } from '../src/app';
import { ModuleCatalogue } from '../src/kernel/access/catalogue';
import { defineModule } from '../src/kernel/module';
import { PortRegistry } from '../src/kernel/ports';
import { PayableRegistry } from '../src/modules/payments/payables';
import { appWith, signedInAdmin, type TestCommunity } from './helpers';

const site = MODULES.find((m) => m.key === 'site')!;

describe('module declarations are validated at start', () => {
  it('refuses a module key declared twice', () => {
    expect(() => new ModuleCatalogue([...MODULES, defineModule({ key: 'site', label: 'Again', area: 'x' })])).toThrow(
      'Module site is declared twice',
    );
  });

  it('refuses a permission module declared by two modules', () => {
    const copy = defineModule({ key: 'copy', label: 'Copy', area: 'x', permissionModules: [{ key: 'site', label: 'Site again' }] });
    expect(() => new ModuleCatalogue([...MODULES, copy])).toThrow('Permission module site is declared by both site and copy');
  });

  it('refuses a resource whose permission module nobody declares', () => {
    const withoutSite = MODULES.map((m) => (m.key === 'site' ? { ...m, permissionModules: [] } : m));
    expect(() => new ModuleCatalogue(withoutSite)).toThrow(/names undeclared permission module site/);
  });

  it('refuses a route permission naming an undeclared module', () => {
    const catalogue = new ModuleCatalogue(MODULES);
    expect(() => catalogue.assertPermission('commerce:read', 'Route GET /x')).toThrow('Route GET /x requires commerce:read');
    expect(() => catalogue.assertPermission('site:admin', 'Route GET /x')).toThrow();
    expect(() => catalogue.assertPermission('site:write', 'Route GET /x')).not.toThrow();
  });

  it('the kernel declares only its own permission modules, each module its own', () => {
    const catalogue = new ModuleCatalogue(MODULES);
    const owners = Object.fromEntries(catalogue.permissionModules.map((p) => [p.key, p.module]));
    expect(owners.site).toBe('site');
    expect(owners['role-management']).toBe('identity');
    expect(owners.payments).toBe('payments');
    expect(
      Object.entries(owners)
        .filter(([, owner]) => owner === 'kernel')
        .map(([key]) => key)
        .sort(),
    ).toEqual(['admin-management', 'media', 'notifications', 'performance', 'version']);
    for (const p of catalogue.permissionModules) expect(catalogue.has(p.key)).toBe(true);
    expect(catalogue.has('commerce')).toBe(false);
  });
});

describe('module ports', () => {
  it('refuses a port provided by two modules, naming both', () => {
    const copy = defineModule({ key: 'copy', label: 'Copy', area: 'x', provides: { contacts: () => ({}) as never } });
    expect(() => new PortRegistry([...MODULES, copy])).toThrow('The port "contacts" is provided by two modules: marketing and copy');
  });

  it('refuses a required port no module provides, naming the module', () => {
    const needy = defineModule({ key: 'needy', label: 'Needy', area: 'x', requires: ['contacts'] });
    // needy first: campaigns requires contacts too, and the start names the first module it checks.
    expect(() => new PortRegistry([needy, ...MODULES.filter((m) => m.key !== 'marketing')])).toThrow(
      'The module needy requires the port "contacts", which no module provides',
    );
  });

  it('makes each provided service once, in module order; find is undefined for a port nobody provides', () => {
    let made = 0;
    const first = defineModule({
      key: 'first',
      label: 'First',
      area: 'x',
      provides: {
        contacts: () => {
          made++;
          return { take: async () => ({ contactId: 'c', created: true }) };
        },
      },
    });
    const registry = new PortRegistry([first]);
    expect(() => registry.get('contacts')).toThrow('used before the app made it');
    registry.make({} as never);
    expect(made).toBe(1);
    expect(registry.get('contacts')).toBe(registry.get('contacts'));
    expect(registry.providerOf('contacts')).toBe('first');
    expect(new PortRegistry([]).find('contacts')).toBeUndefined();
    expect(() => new PortRegistry([]).get('contacts')).toThrow('No module provides the port "contacts"');
  });

  it('the shop and billing cannot start without payments: their orders and invoices are paid through its port', () => {
    const withoutPayments = MODULES.filter((m) => m.key !== 'payments');
    expect(() => new PortRegistry(withoutPayments)).toThrow('The module billing requires the port "payments", which no module provides');
    expect(() => new PortRegistry(withoutPayments.filter((m) => m.key !== 'billing'))).toThrow(
      'The module commerce requires the port "payments", which no module provides',
    );
  });

  it('payables are contributions payments owns: each module its own kind, none twice, checked as payments is made', () => {
    const kinds = MODULES.flatMap((m) => (m.contributes?.payables ?? []).map((p) => `${m.key}:${p.kind}`));
    expect(kinds).toEqual(['billing:billing-charge', 'commerce:commerce-order']);
    expect(MODULES.find((m) => m.provides?.payments)?.key).toBe('payments');
    const order = MODULES.find((m) => m.key === 'commerce')!.contributes!.payables![0];
    expect(new PayableRegistry([order]).get('commerce-order')).toBe(order);
    expect(() => new PayableRegistry([order, { ...order }])).toThrow('Payable kind commerce-order is contributed twice');
    expect(() => new PayableRegistry([{ ...order, kind: 'Shop Order' }])).toThrow('Payable kind Shop Order is not a lowercase key');
  });

  it('the kernel declares no area concept: contact sources are contributions marketing owns', () => {
    const contributors = MODULES.filter((m) => m.contributes?.contactSources?.length).map((m) => m.key);
    expect(contributors).toEqual(['site', 'contact-us', 'commerce']);
    expect(MODULES.find((m) => m.provides?.contacts)?.key).toBe('marketing');
  });
});

describe('GET /api/v1/meta/modules and roles', async () => {
  const [t, owner] = await appWith(1);

  const modulesOf = async (as: TestCommunity | string) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/meta/modules', as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      key: string;
      label: string;
      area: string;
      permissionModules: { key: string; label: string; area: string; read: boolean; write: boolean }[];
    }[];
  };

  it('lists every module that declares permission modules, and only declared permission modules', async () => {
    const data = await modulesOf(owner);
    const declared = MODULES.filter((m) => (m.permissionModules ?? []).length > 0);
    expect(data.map((m) => m.key)).toEqual(declared.map((m) => m.key));
    const siteEntry = data.find((m) => m.key === 'site')!;
    expect(siteEntry).toMatchObject({ label: site.label, area: site.area });
    expect(siteEntry.permissionModules).toEqual([{ key: 'site', label: 'Website content', area: 'site', read: true, write: true }]);
    const keys = data.flatMap((m) => m.permissionModules.map((p) => p.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('commerce');
    expect(keys).toEqual(expect.arrayContaining(['role-management', 'admin-management', 'site']));
  });

  it('says what a limited role holds', async () => {
    const reader = await signedInAdmin(t, owner, { site: 'read' });
    const held = (await modulesOf(reader)).flatMap((m) => m.permissionModules);
    expect(held.find((p) => p.key === 'site')).toMatchObject({ read: true, write: false });
    expect(held.find((p) => p.key === 'role-management')).toMatchObject({ read: false, write: false });
  });

  it.each([
    { what: 'an undeclared module', permissions: { commerce: 'write', site: 'read' }, field: 'permissions.commerce' },
    { what: 'a level that does not exist', permissions: { site: 'admin' }, field: 'permissions.site' },
  ])('roles refuse $what', async ({ permissions, field }) => {
    const res = await t.request({ method: 'POST', url: '/api/v1/identity/roles', as: owner, payload: { name: 'Refused', permissions } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty([field]);
  });

  it("a new community's starter roles grant the declared content modules", async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/identity/roles?sort=name', as: owner });
    const byName = Object.fromEntries((res.json().data as { name: string; permissions: object }[]).map((r) => [r.name, r.permissions]));
    expect(byName.Editor).toEqual({ media: 'write', site: 'write' });
    expect(byName.Viewer).toEqual({ media: 'read', site: 'read' });
  });
});
