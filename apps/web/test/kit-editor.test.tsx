import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rowsError, rowsWidget } from '../src/features/site/rows-editor';
import { ResourceForm } from '../src/kit/resource-form';
import { inputFields } from '../src/kit/schema';
import { statusColor } from '../src/kit/status-badge';
import { calls, mockApi } from './fetch-mock';
import { admins, adminsMeta } from './fixtures';
import { renderAt } from './render';

function api(onPost: (body: unknown) => { status?: number; body?: unknown }) {
  mockApi((method, url, body) => {
    const key = `${method} ${url.pathname}`;
    if (key === 'POST /api/v1/identity/admins' || key === 'PATCH /api/v1/identity/admins/a2') return onPost(body);
    if (key === 'GET /api/v1/identity/roles') return { body: { data: [], total: 0, limit: 200, offset: 0, nextCursor: null } };
    return undefined;
  });
}

const created = (body: unknown) => ({ status: 201, body: { data: { id: 'a9', ...(body as object) } } });
const metaWithLabels = {
  ...adminsMeta,
  ui: { ...adminsMeta.ui, fields: { ...adminsMeta.ui.fields, status: { options: [{ value: 'disabled', label: 'Switched off' }] } } },
};

describe('editor', { timeout: 20_000 }, () => {
  it('starts a new record with the status enum’s first value, shown by its label', () => {
    api(created);
    renderAt(<ResourceForm meta={metaWithLabels} />, '/new');
    expect(screen.getAllByLabelText(/^Status/)[0]).toHaveValue('Active');
    expect(within(screen.getByTestId('form-bar')).getByText('Active')).toBeInTheDocument();
  });

  it('on a failed save lists the errors at the top and focuses the first one', async () => {
    api(created);
    renderAt(<ResourceForm meta={adminsMeta} />, '/new');
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));
    const summary = await screen.findByTestId('form-error-summary');
    expect(within(summary).getByRole('button', { name: 'Email' })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Name' })).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows Save and Cancel in the sticky header once dirty; Ctrl+S saves, Cancel reverts', async () => {
    let sent: unknown;
    api((body) => {
      sent = body;
      return { body: { data: { ...admins[1], ...(body as object) } } };
    });
    renderAt(<ResourceForm meta={adminsMeta} record={{ ...admins[1] }} />, '/edit');
    const bar = screen.getByTestId('form-bar');
    expect(within(bar).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const name = screen.getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Robert' } });
    expect(within(bar).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Cancel' }));
    expect(name).toHaveValue('Bob');
    expect(within(bar).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Bobby' } });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(sent).toEqual({ name: 'Bobby' }));
  });

  it('keeps what was typed when the community’s currency arrives after the form opened', async () => {
    api(created);
    const { client } = renderAt(<ResourceForm meta={adminsMeta} record={{ ...admins[1] }} />, '/edit');
    const name = screen.getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Robert' } });
    // The fields are made again in the community's currency; a field not typed in takes its new value.
    act(() => client.setQueryData(['settings', 'locale'], { currency: 'INR' }));
    await waitFor(() => expect(client.getQueryData(['settings', 'locale'])).toEqual({ currency: 'INR' }));
    expect(name).toHaveValue('Robert');
    expect(screen.getByLabelText(/^Email/)).toHaveValue(admins[1].email);
    expect(within(screen.getByTestId('form-bar')).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('refuses a negative number instead of saving it as zero', async () => {
    api(created);
    renderAt(<ResourceForm meta={adminsMeta} />, '/new');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ann@demo.example' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ann' } });
    const score = screen.getByLabelText(/^Score/);
    fireEvent.change(score, { target: { value: '-5' } });
    fireEvent.blur(score);
    expect(score).toHaveValue('-5');
    fireEvent.click(screen.getByRole('button', { name: 'Create admin' }));
    expect(await within(await screen.findByTestId('form-error-summary')).findByText(/Score cannot be negative/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('checks nested rows on change and blocks the save with the row named', async () => {
    const columns = [
      { key: 'code', label: 'Code', required: true },
      { key: 'price', label: 'Price', type: 'number' as const },
    ];
    expect(
      rowsError(
        columns,
        [
          { code: 'A', price: 1 },
          { code: '', price: 2 },
        ],
        'variant',
      ),
    ).toBe('Variant 2: Code is required');
    expect(rowsError(columns, [{ code: 'A', price: -5 }], 'variant')).toBe('Variant 1: Price cannot be negative');
    expect(rowsError(columns, [{ code: 'A', price: 0 }], 'variant')).toBeNull();
    api(created);
    renderAt(<ResourceForm meta={adminsMeta} widgets={{ notes: rowsWidget(columns, 'variant') }} />, '/new');
    fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    expect(await screen.findByText('Variant 1: Code is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Code of variant 1')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Code of variant 1'), { target: { value: 'EBP-1' } });
    await waitFor(() => expect(screen.queryByText('Variant 1: Code is required')).not.toBeInTheDocument());
  });
});

describe('status colours', () => {
  it('colour statuses by meaning unless the resource declares one', () => {
    expect(statusColor('published')).toBe('green');
    expect(statusColor('in_progress')).toBe('yellow');
    expect(statusColor('new')).toBe('blue');
    expect(statusColor('cancelled')).toBe('red');
    expect(statusColor('draft')).toBe('gray');
    expect(statusColor('draft', 'blue')).toBe('blue');
  });

  it('labels enum values, declared or humanised', () => {
    const status = inputFields(metaWithLabels).find((f) => f.key === 'status');
    expect(status?.optionLabels).toEqual({
      active: { label: 'Active', color: undefined },
      disabled: { label: 'Switched off', color: undefined },
    });
  });
});
