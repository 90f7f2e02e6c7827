import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResourceForm } from '../src/kit/resource-form';
import { ResourceList } from '../src/kit/resource-list';
import { calls, mockApi, mockRoutes, type Overrides } from './fetch-mock';
import { admins, adminsMeta, rolesMeta } from './fixtures';
import { renderAt } from './render';

function api(overrides: Overrides = {}) {
  mockRoutes(overrides, (key, url) => {
    if (key === 'GET /api/v1/meta/resources') return { body: { data: [adminsMeta, rolesMeta] } };
    if (key === 'GET /api/v1/identity/roles')
      return { body: { data: [{ id: 'r1', name: 'Editor' }], total: 1, limit: 200, offset: 0, nextCursor: null } };
    if (key === 'GET /api/v1/identity/admins') {
      // The server adds the role's title when asked to expand it.
      const expand = url.searchParams.get('expand') === 'role';
      const data = admins.map((a) => (expand ? { ...a, expanded: { role: a.roleId ? { id: a.roleId, title: 'Editor' } : null } } : a));
      return { body: { data, total: 2, limit: 25, offset: 0, nextCursor: null } };
    }
    return undefined;
  });
}

/** The list's page request (the status tabs' counts ask for one row each, unsorted). */
const listCall = () => calls.find((c) => c.url.pathname === '/api/v1/identity/admins' && c.url.searchParams.has('sort'));

describe('ResourceList', () => {
  it('shows the rows from the server, with relation titles, and the total', async () => {
    api();
    renderAt(<ResourceList meta={adminsMeta} />, '/admins');
    expect(await screen.findByText('ann@demo.example')).toBeInTheDocument();
    expect(screen.getAllByTestId('resource-row')).toHaveLength(2);
    expect(await screen.findByText('Editor')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(listCall()?.url.searchParams.get('expand')).toBe('role');
  });

  it('shows skeleton rows while loading', async () => {
    mockApi(() => undefined);
    api({ 'GET /api/v1/identity/admins': () => ({ body: { data: [], total: 0, limit: 25, offset: 0, nextCursor: null } }) });
    renderAt(<ResourceList meta={adminsMeta} />, '/admins');
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No admins yet');
  });

  it('keeps sort, search and filters in the URL and sends them to the server', async () => {
    api();
    const { router } = renderAt(<ResourceList meta={adminsMeta} />, '/admins?status=disabled');
    await screen.findByText('ann@demo.example');
    const list = listCall();
    expect(list?.url.searchParams.get('status')).toBe('disabled');
    expect(list?.url.searchParams.get('sort')).toBe('name');

    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=-name'));
    await userEvent.type(screen.getByLabelText('Search admins'), 'bob');
    await waitFor(() => expect(router.state.location.search).toContain('q=bob'));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('q') === 'bob')).toBe(true));
  });

  it('deletes the selected rows in one call', async () => {
    api({ 'POST /api/v1/identity/admins/bulk-delete': (_u, body) => ({ body: { deleted: 2, ids: (body as { ids: string[] }).ids } }) });
    renderAt(<ResourceList meta={adminsMeta} />, '/admins');
    await screen.findByText('ann@demo.example');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['a1', 'a2'] }));
  });

  it('says why when the list cannot be loaded', async () => {
    api({
      'GET /api/v1/identity/admins': () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: 'Your role may not read admins' } },
      }),
    });
    renderAt(<ResourceList meta={adminsMeta} />, '/admins');
    expect(await screen.findByText('Your role may not read admins')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('ResourceForm', { timeout: 20_000 }, () => {
  it('validates on blur and shows the server field errors inline', async () => {
    api({
      'POST /api/v1/identity/admins': () => ({
        status: 409,
        body: {
          error: { code: 'already_exists', message: 'A record with these values already exists', fields: { email: 'Already taken' } },
        },
      }),
    });
    renderAt(<ResourceForm meta={adminsMeta} />, '/new');
    const email = screen.getByLabelText(/^Email/);
    fireEvent.focus(email);
    fireEvent.blur(email);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(email, 'ann@demo.example');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Ann');
    await waitFor(() => expect(screen.queryByText('Email is required')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));
    expect(await screen.findByText('Already taken')).toBeInTheDocument();
    expect(screen.getByTestId('form-error')).toHaveTextContent('already exists');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ email: 'ann@demo.example', name: 'Ann' });
  });

  it('sends only the changed fields of a record', async () => {
    let sent: unknown;
    api({
      'PATCH /api/v1/identity/admins/a2': (_u, body) => {
        sent = body;
        return { body: { data: { ...admins[1], ...(body as object) } } };
      },
    });
    renderAt(
      <ResourceForm
        meta={adminsMeta}
        record={{ ...admins[1], phone: null, theme: 'light', score: null, notes: '', avatar: null, active: false }}
      />,
      '/edit',
    );
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveValue('Bob');
    await userEvent.clear(name);
    await userEvent.type(name, 'Robert');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual({ name: 'Robert' }));
  });
});
