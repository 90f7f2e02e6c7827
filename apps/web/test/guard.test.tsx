import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client';
import type { Me } from '../src/api/get-me';
import { checkSession, loginPath, requireSession } from '../src/app/guard';
import { queryClient } from '../src/lib/query-client';
import { decodeToken, isExpired, safeNext } from '../src/lib/session';
import { mockApi } from './fetch-mock';
import { fakeToken, renderRoutes } from './render';

const now = 1_800_000_000;
const me = {
  data: { id: 'u', name: 'Owner', email: 'o@x.io', theme: 'light' },
  community: { id: 't', name: 'demo' },
  permissions: {},
} as unknown as Me;

describe('session token', () => {
  it('reads the expiry of a JWT and compares it with now in seconds', () => {
    expect(decodeToken(fakeToken(now))?.exp).toBe(now);
    expect(isExpired(fakeToken(now + 1), now)).toBe(false);
    expect(isExpired(fakeToken(now), now)).toBe(true);
    expect(isExpired('not-a-jwt', now)).toBe(true);
  });

  it('keeps next= to paths of this console', () => {
    expect(safeNext('/admin-panel/branding?x=1')).toBe('/admin-panel/branding?x=1');
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(loginPath('/admin-panel/dashboard')).toBe('/login?next=%2Fadmin-panel%2Fdashboard');
    expect(loginPath('/')).toBe('/login');
  });
});

describe('checkSession', () => {
  it('refuses without a token or with an expired one, without asking the server', async () => {
    const verify = vi.fn();
    expect(await checkSession({ token: null, nowSeconds: now, verify })).toEqual({ ok: false });
    expect(await checkSession({ token: fakeToken(now - 5), nowSeconds: now, verify })).toEqual({ ok: false });
    expect(verify).not.toHaveBeenCalled();
  });

  it('accepts a token the server verifies', async () => {
    const verify = vi.fn().mockResolvedValue(me);
    expect(await checkSession({ token: fakeToken(now + 60), nowSeconds: now, verify })).toEqual({ ok: true, me });
    expect(verify).toHaveBeenCalledOnce();
  });

  it('refuses a token the server answers 401 for, and rethrows other failures', async () => {
    const token = fakeToken(now + 60);
    const revoked = vi.fn().mockRejectedValue(new ApiError(401, 'unauthenticated', 'Sign in'));
    expect(await checkSession({ token, nowSeconds: now, verify: revoked })).toEqual({ ok: false });
    const down = vi.fn().mockRejectedValue(new ApiError(0, 'network_error', 'offline'));
    await expect(checkSession({ token, nowSeconds: now, verify: down })).rejects.toThrow('offline');
  });
});

describe('requireSession (route loader)', () => {
  beforeEach(() => queryClient.clear());

  const routes = [
    { path: '/login', element: <h1>Sign in page</h1> },
    { path: '/admin-panel/dashboard', loader: requireSession, element: <h1>Dashboard page</h1> },
  ];

  it('sends a visitor without a session to /login, remembering the page', async () => {
    const { router } = renderRoutes(routes, '/admin-panel/dashboard');
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fadmin-panel%2Fdashboard');
  });

  it('lets a verified session through', async () => {
    localStorage.setItem('token', fakeToken(Math.floor(Date.now() / 1000) + 600));
    mockApi((method, url) => (method === 'GET' && url.pathname === '/api/v1/auth/me' ? { body: me } : undefined));
    renderRoutes(routes, '/admin-panel/dashboard');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('clears a token the server refuses and goes to /login silently', async () => {
    localStorage.setItem('token', fakeToken(Math.floor(Date.now() / 1000) + 600));
    mockApi(() => ({ status: 401, body: { error: { code: 'unauthenticated', message: 'Your session has expired' } } }));
    renderRoutes(routes, '/admin-panel/dashboard');
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });
});

describe('navigation by permission', () => {
  it('shows a screen when the role reads any of its modules; screens without modules to everyone', async () => {
    const { canSee, SCREENS } = await import('../src/config/screens');
    const readable = (m: string) => m === 'error-management';
    const visible = SCREENS.filter((s) => canSee(s, readable)).map((s) => s.label);
    expect(visible).toContain('Error messages');
    expect(visible).toContain('Dashboard');
    expect(visible).not.toContain('Admins');
    expect(visible).not.toContain('Branding');
  });
});
