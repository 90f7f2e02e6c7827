import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceMeta } from '../src/api/get-resources-meta';
import { levelChoices } from '../src/features/identity/permissions-matrix';
import { FieldInput } from '../src/kit/field-input';
import { currencySymbol, formatMoney, parseMoney, toMajor, toMinorUnits } from '../src/kit/money';
import { RecordHistory } from '../src/kit/record-history';
import { ResourceForm } from '../src/kit/resource-form';
import { inputFields, validateValue } from '../src/kit/schema';
import { createSearchSync, useSearchBox } from '../src/kit/search-sync';
import { calls, mockApi } from './fetch-mock';
import { admins, adminsMeta, messagesMeta, rolesMeta } from './fixtures';
import { renderAt } from './render';

describe('list search: the box and the URL end with what was typed', () => {
  it('ignores a late echo of an earlier push instead of jumping back to it', () => {
    const sync = createSearchSync('');
    sync.typed();
    sync.pushed('b');
    sync.typed();
    sync.pushed('bo');
    // The URL only now catches up with the first push: the box keeps "bo".
    expect(sync.urlChanged('b')).toBeNull();
    expect(sync.urlChanged('bo')).toBeNull();
    // Something else changes the URL (a saved view, the back button): the box follows.
    expect(sync.urlChanged('tiles')).toBe('tiles');
  });

  it('while typing, nothing from the URL overwrites the box', () => {
    const sync = createSearchSync('old');
    sync.typed();
    expect(sync.urlChanged('from a saved view')).toBeNull();
    sync.cancelled();
    expect(sync.urlChanged('back button')).toBe('back button');
  });

  describe('useSearchBox with a URL that lags behind', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('typing "bob" quickly while the URL is slow ends with q=bob, never "bb"', () => {
      const pushes: string[] = [];
      const { result, rerender } = renderHook(({ q }) => useSearchBox(q, (next) => pushes.push(next)), { initialProps: { q: '' } });
      act(() => result.current.onChange('b'));
      act(() => vi.advanceTimersByTime(300));
      act(() => result.current.onChange('bo'));
      act(() => vi.advanceTimersByTime(300));
      expect(pushes).toEqual(['b', 'bo']);
      // The slow page only now renders the URL of the first push.
      rerender({ q: 'b' });
      expect(result.current.value).toBe('bo');
      act(() => result.current.onChange(`${result.current.value}b`));
      expect(result.current.value).toBe('bob');
      rerender({ q: 'bo' });
      expect(result.current.value).toBe('bob');
      act(() => vi.advanceTimersByTime(300));
      expect(pushes.at(-1)).toBe('bob');
      rerender({ q: 'bob' });
      expect(result.current.value).toBe('bob');
      // Later, the back button takes the URL elsewhere: the box follows it.
      rerender({ q: 'slate' });
      expect(result.current.value).toBe('slate');
    });
  });
});

describe('inbound records keep what the visitor sent', () => {
  const message = { id: 'm1', name: 'Ada Visitor', message: 'Do you ship\nto Lyon?', status: 'new', notes: null, assigneeId: 'a1' };

  it('shows the sent fields as text and only status, notes and assignee as inputs', async () => {
    let sent: unknown;
    mockApi((method, url, body) => {
      if (method === 'GET' && url.pathname === '/api/v1/meta/resources') return { body: { data: [messagesMeta, adminsMeta] } };
      if (method === 'GET' && url.pathname === '/api/v1/identity/admins/a1') return { body: { data: admins[0] } };
      if (method === 'GET' && url.pathname === '/api/v1/identity/admins')
        return { body: { data: admins, total: 2, limit: 20, offset: 0, nextCursor: null } };
      if (method === 'GET' && url.pathname.endsWith('/revisions')) return { body: { data: [] } };
      if (method === 'PATCH' && url.pathname === '/api/v1/site/get-in-touch-messages/m1') {
        sent = body;
        return { body: { data: { ...message, ...(body as object) } } };
      }
      return undefined;
    });
    renderAt(<ResourceForm meta={messagesMeta} record={message} />, '/inbound');
    const kept = screen.getByTestId('read-only-fields');
    expect(within(kept).getByText('Ada Visitor')).toBeInTheDocument();
    expect(within(kept).getByText(/Do you ship/)).toBeInTheDocument();
    // The assignee is an input (a picker), named by the admin's name, never an id.
    expect(screen.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Message/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Notes/ })).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Assignee/)[0]).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByLabelText(/^Assignee/)[0]).toHaveValue('Ann'));

    fireEvent.change(screen.getByRole('textbox', { name: /^Notes/ }), { target: { value: 'Call back Monday' } });
    fireEvent.click(within(screen.getByTestId('form-bar')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual({ notes: 'Call back Monday' }));
  });

  it('a new record (entered by hand) still has every field as an input', () => {
    mockApi(() => undefined);
    renderAt(<ResourceForm meta={messagesMeta} />, '/new');
    expect(screen.queryByTestId('read-only-fields')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Message/ })).toBeInTheDocument();
  });
});

describe('record history', () => {
  const revisions = [
    {
      id: 'rev3',
      action: 'update',
      actorName: 'Ann',
      createdAt: '2026-11-20T10:00:00Z',
      changes: [
        { field: 'name', before: 'Bob', after: 'Robert' },
        { field: 'status', before: 'active', after: 'disabled' },
      ],
    },
    {
      id: 'rev2',
      action: 'update',
      actorName: 'Cem',
      createdAt: '2026-11-19T10:00:00Z',
      changes: [{ field: 'roleId', before: null, after: 'r1' }],
    },
    {
      id: 'rev1',
      action: 'create',
      actorName: null,
      createdAt: '2026-11-18T10:00:00Z',
      changes: [{ field: 'name', before: null, after: 'Bob' }],
    },
  ];

  function api() {
    mockApi((method, url) => {
      const key = `${method} ${url.pathname}`;
      if (key === 'GET /api/v1/meta/resources') return { body: { data: [adminsMeta, rolesMeta] } };
      if (key === 'GET /api/v1/identity/admins/a2/revisions') return { body: { data: revisions } };
      if (key === 'GET /api/v1/identity/roles/r1') return { body: { data: { id: 'r1', name: 'Editor' } } };
      if (key === 'POST /api/v1/identity/admins/a2/revisions/rev2/restore') return { body: { data: { ...admins[1], name: 'Bob' } } };
      return undefined;
    });
  }

  it('lists who changed what and when, with field labels and before → after', async () => {
    api();
    renderAt(<RecordHistory meta={adminsMeta} record={admins[1]} canRestore />, '/edit');
    const entries = await screen.findAllByTestId('revision');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('Ann changed 2 fields');
    expect(entries[0]).toHaveTextContent('Name: “Bob” → “Robert”');
    // Enum values by their labels, relations by the related record's title — never as stored.
    expect(entries[0]).toHaveTextContent('Status: “Active” → “Disabled”');
    expect(entries[1]).toHaveTextContent('Cem changed role');
    expect(await within(entries[1]).findByText('Editor')).toBeInTheDocument();
    expect(entries[1]).not.toHaveTextContent('r1');
    expect(entries[2]).toHaveTextContent('Someone created it');
    // The newest entry is the current version: nothing to restore there.
    expect(within(entries[0]).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });

  it('restores a version after confirmation, through the API', async () => {
    api();
    renderAt(<RecordHistory meta={adminsMeta} record={admins[1]} canRestore />, '/edit');
    const entries = await screen.findAllByTestId('revision');
    fireEvent.click(within(entries[1]).getByRole('button', { name: /^Restore this version \(/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
        '/api/v1/identity/admins/a2/revisions/rev2/restore',
      ]),
    );
    expect(await screen.findByText(/Restored as it was on/)).toBeInTheDocument();
  });

  it('offers no restore to a reader', async () => {
    api();
    renderAt(<RecordHistory meta={adminsMeta} record={admins[1]} canRestore={false} />, '/edit');
    await screen.findAllByTestId('revision');
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });
});

describe('permission matrix', () => {
  it('offers only the levels the editor holds, keeping what the role already has visible', () => {
    const readOnly = { key: 'site', label: 'Website content', area: 'site', read: true, write: false };
    expect(levelChoices(readOnly, 'none').map((c) => [c.value, c.disabled])).toEqual([
      ['none', false],
      ['read', false],
      ['write', true],
    ]);
    expect(levelChoices({ ...readOnly, read: false }, 'write').map((c) => c.disabled)).toEqual([false, true, false]);
  });
});

describe('money', () => {
  const priceMeta: ResourceMeta = {
    ...rolesMeta,
    input: { type: 'object', properties: { price: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] } } },
    ui: { title: 'name', columns: [], fields: { price: { widget: 'money' } }, bulkEdit: [], editable: null },
  };

  it('shows the community currency and refuses negative amounts', async () => {
    mockApi((method, url) =>
      method === 'GET' && url.pathname === '/api/v1/settings/locale' ? { body: { data: { currency: 'EUR' } } } : undefined,
    );
    const [field] = inputFields(priceMeta);
    expect(field.kind).toBe('money');
    expect(validateValue(field, -5, 'update')).toBe('Price cannot be negative');
    expect(validateValue(field, 12.5, 'update')).toBeNull();
    let value: unknown = '';
    renderAt(<FieldInput field={field} input={{ value: '', onChange: (v) => (value = v) }} mode="create" />);
    expect(await screen.findByText('€')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Price' });
    fireEvent.change(input, { target: { value: '-5' } });
    expect(value === '' || value === 5).toBe(true);
    expect(input).not.toHaveValue('-5');
  });

  it('formats amounts with the currency symbol', () => {
    expect(currencySymbol('EUR', 'en')).toBe('€');
    expect(currencySymbol('INR', 'en')).toBe('₹');
    expect(formatMoney(125000, 'EUR', 'en')).toBe('€1,250.00');
    expect(formatMoney(1000, 'JPY', 'en')).toBe('¥1,000');
    expect(formatMoney(1250, 'KWD', 'en')).toBe('KWD\u00a01.250');
    // ISO 4217 digits, as the server keeps amounts: Intl's CLDR data gives RSD none.
    expect(formatMoney(12345, 'RSD', 'en')).toBe('RSD\u00a0123.45');
    expect(formatMoney(1250, 'XYZ1', 'en')).toBe('12.50 XYZ1');
    expect(currencySymbol('XYZ1', 'en')).toBe('XYZ1');
  });

  it("converts typed and pasted amounts to minor units with the currency's digits", () => {
    expect(toMajor(149950, 'INR')).toBe(1499.5);
    expect(toMajor(1000, 'JPY')).toBe(1000);
    expect(toMinorUnits(1499.5, 'INR')).toBe(149950);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(1.005, 'EUR')).toBe(101);
    expect(toMinorUnits(12.5, 'JPY')).toBe(13);
    expect(parseMoney('1,250.50', 'EUR')).toBe(125050);
    expect(parseMoney('€ 12.5', 'EUR')).toBe(1250);
    expect(parseMoney('12,5', 'EUR')).toBe(1250);
    expect(parseMoney('1,250', 'EUR')).toBe(125000);
    expect(parseMoney('12.345', 'EUR')).toBeNull();
    expect(parseMoney('twelve', 'EUR')).toBeNull();
    expect(parseMoney('1.250', 'KWD')).toBe(1250);
  });
});
