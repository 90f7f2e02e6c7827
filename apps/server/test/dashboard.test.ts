import { describe, expect, it } from 'vitest';
import { appWith, randomIp, signedInAdmin, type TestCommunity } from './helpers';

interface Dashboard {
  attention: { resource: string; label: string; filter: Record<string, string>; total: number; latest: { id: string; title: string }[] }[];
  setup: { resource: string; label: string; done: boolean }[];
  activity: { actorName: string | null; action: string; resource: string; count: number; records: { id: string; title: string }[] }[];
}

describe('the dashboard in one request', async () => {
  const [t, a, b] = await appWith(2);
  const dashboard = async (as: TestCommunity) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/meta/dashboard', as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Dashboard;
  };

  it('starts a new community with an empty queue, nothing done but its owner, and no activity of others', async () => {
    const d = await dashboard(a);
    expect(d.attention).toEqual([]);
    const steps = Object.fromEntries(d.setup.map((s) => [s.label, s.done]));
    expect(steps).toMatchObject({ 'Invite a colleague': false, 'Publish your first product': false });
    expect(d.activity.every((g) => g.actorName !== null || g.resource !== 'site/products')).toBe(true);
  });

  it('counts messages to answer and drafts, with the latest titles, for this community only', async () => {
    for (const name of ['Visitor One', 'Visitor Two']) {
      const sent = await t.request({
        method: 'POST',
        url: `/public/${a.name}/site/get-in-touch`,
        payload: { name, email: 'visitor@example.com', message: 'Hello' },
        remoteAddress: randomIp(),
      });
      expect(sent.statusCode).toBe(202);
    }
    for (const name of ['Oak bench', 'Ash stool', 'Elm shelf']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/site/products',
        as: a,
        payload: { name, code: name.toUpperCase().replace(' ', '-') },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const d = await dashboard(a);
    const inbound = d.attention.find((q) => q.resource === 'site/get-in-touch-messages');
    expect(inbound).toMatchObject({ label: 'to answer', filter: { status: 'new' }, total: 2 });
    expect(inbound?.latest.map((r) => r.title).sort()).toEqual(['Visitor One', 'Visitor Two']);
    const drafts = d.attention.find((q) => q.resource === 'site/products' && q.label === 'in draft');
    expect(drafts?.total).toBe(3);
    expect(drafts?.latest).toHaveLength(3);

    const other = await dashboard(b);
    expect(other.attention).toEqual([]);
    expect(other.activity.some((g) => g.resource === 'site/products')).toBe(false);
  });

  it('folds consecutive changes of one person into one group a sentence can describe', async () => {
    const d = await dashboard(a);
    const created = d.activity.find((g) => g.resource === 'site/products' && g.action === 'create');
    expect(created).toMatchObject({ count: 3 });
    expect(created?.records.map((r) => r.title)).toEqual(['Elm shelf', 'Ash stool', 'Oak bench']);
  });

  it('marks a set-up step done once its records exist', async () => {
    const list = await t.request({ method: 'GET', url: '/api/v1/site/products?q=oak', as: a });
    const id = list.json().data[0].id;
    const published = await t.request({ method: 'PATCH', url: `/api/v1/site/products/${id}`, as: a, payload: { status: 'published' } });
    expect(published.statusCode, published.body).toBe(200);
    const d = await dashboard(a);
    expect(d.setup.find((s) => s.label === 'Publish your first product')?.done).toBe(true);
    expect(d.attention.find((q) => q.resource === 'site/products' && q.label === 'in draft')?.total).toBe(2);
  });

  it('shows a reader only the resources their role may read', async () => {
    const reader = await signedInAdmin(t, a, { branding: 'read' });
    const d = await dashboard(reader);
    expect(d.attention).toEqual([]);
    expect(d.activity.filter((g) => !g.resource.startsWith('settings/'))).toEqual([]);
    expect(d.setup.map((s) => s.resource)).toEqual(['settings/client-profile']);
  });

  it('refuses a caller without a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/meta/dashboard' });
    expect(res.statusCode).toBe(401);
  });
});
