import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TransferOwnership } from '../src/features/identity/transfer-ownership';
import { calls, mockApi } from './fetch-mock';
import { admins, adminsMeta, rolesMeta } from './fixtures';
import { fakeToken, renderAt } from './render';

type Answer = { status?: number; body?: unknown };
/** Generous waits: the suite runs on a busy machine. */
const slow = { timeout: 10_000 };

const meOf = (isOwner: boolean) => ({
  data: { ...admins[0], isOwner, phone: null, theme: 'light' },
  community: { id: 't', name: 'demo' },
  permissions: isOwner ? { '*': 'write' } : { 'admin-management': 'write' },
});
const candidates = [admins[0], { ...admins[1], id: 'a3', name: 'Cleo', status: 'active' }];

function api(isOwner: boolean, transfer: (body: unknown) => Answer) {
  localStorage.setItem('token', fakeToken(Math.floor(Date.now() / 1000) + 600));
  mockApi((method, url, body) => {
    const key = `${method} ${url.pathname}`;
    if (key === 'GET /api/v1/auth/me') return { body: meOf(isOwner) };
    if (key === 'GET /api/v1/meta/resources') return { body: { data: [adminsMeta, rolesMeta] } };
    if (key === 'GET /api/v1/identity/admins') return { body: { data: candidates, total: null, limit: 20, offset: 0, nextCursor: null } };
    if (key === 'GET /api/v1/identity/roles') return { body: { data: [], total: null, limit: 20, offset: 0, nextCursor: null } };
    if (key === 'POST /api/v1/identity/ownership/transfer') return transfer(body);
    return undefined;
  });
}

describe('transfer ownership (admins screen)', () => {
  it('the owner picks the new owner and confirms with the current password; a refusal shows, a success closes', async () => {
    let answer: Answer = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'The current password is wrong',
          fields: { currentPassword: 'The current password is wrong' },
        },
      },
    };
    api(true, () => answer);
    renderAt(<TransferOwnership />);
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer ownership' }, slow));
    const select = await screen.findByRole('combobox', { name: 'New owner' }, slow);
    await userEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Cleo', hidden: true }, slow));
    await waitFor(() => expect(select).toHaveValue('Cleo'), slow);
    const password = screen.getByLabelText(/Your current password/);
    await userEvent.type(password, 'not-my-password');
    const submit = () => {
      const buttons = screen.getAllByRole('button', { name: 'Transfer ownership' });
      fireEvent.click(buttons[buttons.length - 1]);
    };
    submit();
    await waitFor(
      () =>
        expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
          { toAdminId: 'a3', currentPassword: 'not-my-password' },
        ]),
      slow,
    );
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('The current password is wrong');

    answer = { body: { data: { owner: { ...candidates[1], isOwner: true }, previousOwner: { ...admins[0], isOwner: false } } } };
    await userEvent.clear(password);
    await userEvent.type(password, 'my-password-1');
    submit();
    await waitFor(
      () => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ toAdminId: 'a3', currentPassword: 'my-password-1' }),
      slow,
    );
    expect(await screen.findByText('Cleo now owns this community', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText(/Your current password/)).not.toBeInTheDocument(), slow);
  });

  it('is not offered to an admin who is not the owner', async () => {
    api(false, () => ({ status: 500 }));
    renderAt(<TransferOwnership />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/auth/me')).toBe(true), slow);
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument();
  });
});
