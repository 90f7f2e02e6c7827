import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ForgotPasswordPage from '../src/features/auth/forgot-password-page';
import LoginPage from '../src/features/auth/login-page';
import { calls, mockApi } from './fetch-mock';
import { fakeToken, renderRoutes } from './render';

const error = (status: number, message: string, fields?: Record<string, string>) => ({
  status,
  body: { error: { code: 'x', message, fields } },
});

describe('sign-in', () => {
  it('checks the fields before asking the server', async () => {
    mockApi(() => undefined);
    renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lists the communities the email and password open, and signs in to the one chosen', async () => {
    mockApi((method, url, body) => {
      if (method !== 'POST' || url.pathname !== '/api/v1/auth/login') return undefined;
      if (!(body as { community?: string }).community)
        return {
          status: 409,
          body: {
            error: {
              code: 'community_choice',
              message: 'This email and password open several communities: choose one',
              fields: { community: 'Choose the community to sign in to' },
              choices: [
                { value: 'demo', label: 'Demo Shop' },
                { value: 'studio', label: 'Studio' },
              ],
            },
          },
        };
      return { body: { token: fakeToken(Date.now() / 1000 + 3600), community: { id: 'c', name: 'studio' } } };
    });
    const { router } = renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '*', element: <p>Signed in</p> },
      ],
      '/login',
    );
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@demo.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const list = await screen.findByRole('group', { name: 'Your communities' });
    expect(list).toHaveTextContent('Demo Shop');
    // Asked once, as a choice: no error shown.
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Studio/ }));
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-panel/dashboard');
    expect(calls.at(-1)?.body).toEqual({ email: 'ann@demo.example', password: 'secret-password', community: 'studio' });
  });

  it('asks for the community by name when the server needs one without offering choices', async () => {
    mockApi((method, url, body) => {
      if (method !== 'POST' || url.pathname !== '/api/v1/auth/login') return undefined;
      if (!(body as { community?: string }).community)
        return error(400, 'Name the community to sign in to', { community: 'Name the community' });
      return { body: { token: fakeToken(Date.now() / 1000 + 3600), community: { id: 'c', name: 'demo' } } };
    });
    renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '*', element: <p>Signed in</p> },
      ],
      '/login',
    );
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@demo.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The message once, at the field.
    expect(await screen.findByText('Name the community')).toBeInTheDocument();
    expect(screen.queryByTestId('login-error')).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Community/), ' Demo ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'ann@demo.example', password: 'secret-password', community: 'demo' });
  });
});

describe('password reset', () => {
  it('emails a code, then sets the new password with it and goes back to sign-in', async () => {
    mockApi((method, url) => {
      if (method === 'POST' && url.pathname === '/api/v1/auth/password/forgot') return { body: { ok: true } };
      if (method === 'POST' && url.pathname === '/api/v1/auth/password/reset') return { body: { ok: true } };
      return undefined;
    });
    renderRoutes(
      [
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/login', element: <p>Sign-in page</p> },
      ],
      '/forgot-password',
    );
    await userEvent.type(screen.getByLabelText(/^Email/), ' ann@demo.example ');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(/Enter the code we sent to ann@demo\.example/)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'ann@demo.example' });

    await userEvent.type(screen.getByLabelText(/^Code/), '12345');
    await userEvent.type(screen.getByLabelText(/^New password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The code has 6 digits')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Code/), '6');
    await userEvent.type(screen.getByLabelText(/^New password/), '-but-longer');
    await userEvent.clear(screen.getByLabelText(/^Repeat the new password/));
    await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'short-but-longer');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'ann@demo.example', code: '123456', password: 'short-but-longer' });
  });

  it('shows the server’s answer and asks for the community when the server wants one', async () => {
    mockApi(() => error(400, 'Name the community', { community: 'Required for this email' }));
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ann@demo.example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name the community');
    expect(screen.getByLabelText(/^Community/)).toBeInTheDocument();
    expect(screen.getByText('Required for this email')).toBeInTheDocument();
  });
});
