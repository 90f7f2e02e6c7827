import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceMeta } from '../src/api/get-resources-meta';
import { ImportMapping } from '../src/kit/import-preview';
import { bulkEditFields } from '../src/kit/list-bulk-edit';
import { dispositionName } from '../src/kit/list-export';
import { duplicateBody } from '../src/kit/list-row-actions';
import { statusTabsOf } from '../src/kit/list-status-tabs';
import type { ListView } from '../src/kit/list-view';
import { fromSavedView, toViewInput } from '../src/kit/list-views';
import { ResourceList } from '../src/kit/resource-list';
import { ResourceScreen } from '../src/kit/resource-screen';
import { lastView } from '../src/kit/saved-views-api';
import { calls, mockRoutes, type Overrides } from './fetch-mock';
import { admins, adminsMeta, rolesMeta } from './fixtures';
import { renderAt } from './render';

/** Admins as served (status tabs, bulk-editable fields), the disabled status labelled apart from its value. */
const meta: ResourceMeta = {
  ...adminsMeta,
  ui: {
    ...adminsMeta.ui,
    status: { field: 'status', tabs: ['active', 'disabled'] },
    bulkEdit: ['status', 'roleId'],
    fields: {
      ...adminsMeta.ui.fields,
      status: {
        options: [
          { value: 'active', label: 'Active', color: 'green' },
          { value: 'disabled', label: 'Switched off' },
        ],
      },
    },
  },
};

const view = {
  id: 'v1',
  resource: 'identity/admins',
  name: 'Switched off',
  filters: { status: ['disabled'], q: ['bo'] },
  sort: '-email',
  columns: ['name', 'status'],
};

function api(overrides: Overrides = {}) {
  mockRoutes(overrides, (key, url) => {
    if (key === 'GET /api/v1/meta/resources') return { body: { data: [meta, rolesMeta] } };
    if (key === 'GET /api/v1/identity/roles')
      return { body: { data: [{ id: 'r1', name: 'Editor' }], total: 1, limit: 200, offset: 0, nextCursor: null } };
    if (key === 'GET /api/v1/me/saved-views') return { body: { data: [view] } };
    if (key === 'GET /api/v1/identity/admins') {
      const status = url.searchParams.get('status');
      const rows = status ? admins.filter((a) => a.status === status) : admins;
      return {
        body: {
          data: rows,
          total: status === 'active' ? 12_000 : rows.length,
          totalIsEstimate: status === 'active',
          limit: 25,
          offset: 0,
          nextCursor: null,
        },
      };
    }
    return undefined;
  });
}

afterEach(() => localStorage.clear());
// The list renders several queries' results; on a loaded shared machine that takes more than a second.
configure({ asyncUtilTimeout: 8000 });

describe('saved views', () => {
  it('keeps search, filters, sort and columns, and reads them back', () => {
    const input = toViewInput(meta, 'Mine', { q: 'bo', sort: '-email', filters: { status: ['disabled'] }, columns: ['name'] });
    expect(input).toEqual({
      resource: 'identity/admins',
      name: 'Mine',
      filters: { status: ['disabled'], q: ['bo'] },
      sort: '-email',
      columns: ['name'],
    });
    expect(toViewInput(meta, 'Default', { q: '', sort: 'name', filters: {}, columns: null }).sort).toBeNull();
    expect(fromSavedView(meta, { ...input, id: 'x' })).toEqual({
      q: 'bo',
      sort: '-email',
      filters: { status: ['disabled'] },
      columns: ['name'],
    });
  });

  it('leaves a shared link alone even with a remembered view', async () => {
    api();
    lastView.set('identity/admins', 'v1');
    const { router } = renderAt(<ResourceList meta={meta} />, '/admins?status=active');
    expect(await screen.findByTestId('views-menu')).toHaveTextContent('Views');
    expect(router.state.location.search).toBe('?status=active');
  });

  it('saves the current view under a name', async () => {
    let saved: unknown;
    api({
      'POST /api/v1/me/saved-views': (_u, body) => {
        saved = body;
        return { status: 201, body: { data: { ...(body as object), id: 'v2' } } };
      },
    });
    renderAt(<ResourceList meta={meta} />, '/admins?status=active&q=ann');
    fireEvent.click(await screen.findByTestId('views-menu'));
    fireEvent.click(await screen.findByText('Save current view…'));
    fireEvent.change(await screen.findByLabelText(/Name/), { target: { value: 'Active Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual({
        resource: 'identity/admins',
        name: 'Active Ann',
        filters: { status: ['active'], q: ['ann'] },
        sort: null,
        columns: null,
      }),
    );
    expect(lastView.get('identity/admins')).toBe('v2');
  });
});

describe('status tabs', () => {
  it('come from meta ui.status when the status can be filtered', () => {
    expect(statusTabsOf(meta)).toEqual({ field: 'status', tabs: ['active', 'disabled'] });
    expect(statusTabsOf({ ...meta, list: { ...meta.list, filters: [] } })).toBeNull();
    expect(statusTabsOf({ ...adminsMeta, ui: { ...adminsMeta.ui, status: undefined } })).toBeNull();
  });

  it('show labels and counts (estimates as such) and filter the list', async () => {
    api();
    const { router } = renderAt(<ResourceList meta={meta} />, '/admins');
    const tabs = await screen.findByTestId('status-tabs');
    const active = within(tabs).getByRole('tab', { name: /Active/ });
    await waitFor(() => expect(active).toHaveTextContent('about 12K'));
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: /Switched off/ })).toHaveTextContent('1'));
    expect(within(tabs).getByRole('tab', { name: /All/ })).toHaveTextContent('2');
    fireEvent.click(within(tabs).getByRole('tab', { name: /Switched off/ }));
    await waitFor(() => expect(router.state.location.search).toContain('status=disabled'));
  });
});

describe('bulk edit and row actions', () => {
  it('offers the fields meta marks bulk-editable', () => {
    expect(bulkEditFields(meta).map((f) => f.key)).toEqual(['roleId', 'status']);
  });

  it('sets one field on the selected rows in one call', async () => {
    let patch: unknown;
    api({
      'PATCH /api/v1/identity/admins': (_u, body) => {
        patch = body;
        return { body: { updated: 2, ids: ['a1', 'a2'] } };
      },
    });
    renderAt(<ResourceList meta={meta} />, '/admins');
    await screen.findByText('ann@demo.example');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to 2' }));
    await waitFor(() => expect(patch).toEqual({ ids: ['a1', 'a2'], patch: { roleId: null } }));
  });

  it('duplicates a record as a draft copy without its server-made fields', () => {
    const withStatus: ResourceMeta = {
      ...meta,
      input: { type: 'object', properties: { name: { type: 'string' }, slug: { type: 'string' }, status: { type: 'string' } } },
      ui: {
        ...meta.ui,
        // As the server sends it: the status enum's values as tabs (labels.ts statusOf).
        status: { field: 'status', tabs: ['draft', 'published'] },
        fields: {
          status: {
            options: [
              { value: 'draft', label: 'Draft' },
              { value: 'published', label: 'Published' },
            ],
          },
        },
      },
    };
    expect(duplicateBody(withStatus, { id: 'p1', name: 'Tile', slug: 'tile', status: 'published', createdAt: 'x' })).toEqual({
      name: 'Tile (copy)',
      status: 'draft',
    });
  });

  it('names a row’s actions after the record', async () => {
    api();
    renderAt(<ResourceList meta={meta} onOpen={() => {}} onDuplicate={() => {}} />, '/admins');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ann' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Open', 'Duplicate', 'Delete']);
  });
});

describe("a screen's own record view", () => {
  const withOne = () => api({ 'GET /api/v1/identity/admins/a1': () => ({ body: { data: admins[0] } }) });

  it('offers no Duplicate when its record panel is its own (the kit form would not match it)', async () => {
    withOne();
    const panel: ListView = { record: ({ row }) => <p>Panel of {String(row.name)}</p> };
    const { router } = renderAt(<ResourceScreen resource="identity/admins" view={panel} />, '/admins');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ann' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Open', 'Delete']);
    fireEvent.click(items[0]);
    await waitFor(() => expect(router.state.location.search).toBe('?record=a1'));
    expect(await screen.findByText('Panel of Ann')).toBeVisible();
  });

  it('offers Duplicate when its create makes copies, and hands it the record copied on the page', async () => {
    withOne();
    const copies: ListView = { page: true, duplicate: true, create: ({ copyOf }) => <p>Copying {copyOf}</p> };
    const { router } = renderAt(<ResourceScreen resource="identity/admins" view={copies} />, '/admins?q=a');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Ann' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=a&record=new&copy=a1'));
    expect(await screen.findByText('Copying a1')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Copy of Ann' })).toBeVisible();
    // The way back keeps the list's own parameters, not the copy's.
    expect(screen.getByRole('link', { name: /Back to/ }).getAttribute('href')).toBe('/admins?q=a');
  });
  it('keeps a search still being typed when a row opens before the debounce (the way back keeps it too)', async () => {
    withOne();
    const page: ListView = { page: true, record: ({ row }) => <p>Page of {String(row.name)}</p> };
    const { router } = renderAt(<ResourceScreen resource="identity/admins" view={page} />, '/admins');
    await screen.findByRole('button', { name: 'Actions for Ann' });
    fireEvent.change(screen.getByLabelText('Search admins'), { target: { value: 'ann' } });
    // At once: the 300 ms debounce has not pushed "ann" to the URL yet.
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Ann' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ann&record=a1'));
    expect(await screen.findByText('Page of Ann')).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to/ }).getAttribute('href')).toBe('/admins?q=ann');
  });
});

describe('CSV', () => {
  it('reads the file name the server gives', () => {
    expect(dispositionName("attachment; filename*=UTF-8''Products%202026-11-23.csv")).toBe('Products 2026-11-23.csv');
    expect(dispositionName('attachment; filename="a.csv"')).toBe('a.csv');
    expect(dispositionName(null)).toBeNull();
  });

  it('maps a column to another field and drops the dedupe key it no longer has', async () => {
    const changes: unknown[] = [];
    renderAt(
      <ImportMapping
        preview={{
          upload: '00000000-0000-4000-8000-000000000001',
          headers: ['Code', 'Label'],
          mapping: { Code: 'code' },
          key: 'code',
          keys: [
            { key: 'id', label: 'ID' },
            { key: 'code', label: 'Code' },
          ],
          fields: [
            { key: 'code', label: 'Code' },
            { key: 'name', label: 'Name' },
          ],
          totalRows: 1,
          rows: [],
        }}
        onChange={(c) => changes.push(c)}
      />,
    );
    fireEvent.click(screen.getAllByLabelText('Field for column Code')[0]);
    fireEvent.click((await screen.findAllByRole('option', { name: 'Do not import', hidden: true }))[0]);
    expect(changes.at(-1)).toEqual({ mapping: {}, key: '' });
  });
});

// Last: applying a view sets the list's columns for the rest of the visit (in memory).
describe('a saved view after a reload', () => {
  it('applies the view used last when the list opens without parameters (after a reload)', async () => {
    api();
    lastView.set('identity/admins', 'v1');
    const { router } = renderAt(<ResourceList meta={meta} />, '/admins');
    await waitFor(() => expect(router.state.location.search).toContain('status=disabled'));
    expect(router.state.location.search).toContain('sort=-email');
    expect(router.state.location.search).toContain('q=bo');
    expect(await screen.findByTestId('views-menu')).toHaveTextContent('Switched off');
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/v1/identity/admins' && c.url.searchParams.get('q') === 'bo')).toBe(true),
    );
  });
});
