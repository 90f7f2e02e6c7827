import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { queryClient } from '../../lib/query-client';
import { lastCommunity, rememberCommunity, safeNext, setToken } from '../../lib/session';
import { login } from './api/login';
import { AuthLayout } from './auth-layout';

const DASHBOARD = '/admin-panel/dashboard';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const remembered = lastCommunity();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [community, setCommunity] = useState(remembered);
  const [needsCommunity, setNeedsCommunity] = useState(Boolean(remembered));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notice = (location.state as { notice?: string } | null)?.notice;

  useEffect(() => {
    if (needsCommunity && !community) document.getElementById('login-community')?.focus();
  }, [needsCommunity, community]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) errors.email = 'Enter a valid email address';
    if (!password) errors.password = 'Enter your password';
    if (needsCommunity && !community.trim()) errors.community = 'Name the community to sign in to';
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const session = await login({
        email: email.trim(),
        password,
        ...(needsCommunity && community.trim() ? { community: community.trim().toLowerCase() } : {}),
      });
      setToken(session.token);
      rememberCommunity(session.community.name);
      queryClient.clear();
      navigate(safeNext(params.get('next')) ?? DASHBOARD, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields?.community) {
        // The email belongs to several communities: ask which one.
        setNeedsCommunity(true);
        setFieldErrors({ community: err.fields.community });
        setError(err.message);
      } else if (err instanceof ApiError) {
        setError(err.message);
        if (err.fields) setFieldErrors(err.fields);
      } else {
        setError('Signing in failed. Try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Sign in" subtitle="Run your community's website, shop and campaigns.">
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="login-error">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            id="login-email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
            autoFocus
          />
          <PasswordInput
            id="login-password"
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
          />
          {needsCommunity && (
            <TextInput
              id="login-community"
              label="Community"
              description="The community (business) to sign in to"
              autoComplete="organization"
              required
              value={community}
              onChange={(e) => setCommunity(e.currentTarget.value)}
              error={fieldErrors.community}
            />
          )}
          <Group justify="space-between" mt="xs">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
            {!needsCommunity && (
              <Anchor component="button" type="button" size="sm" onClick={() => setNeedsCommunity(true)}>
                Choose a community
              </Anchor>
            )}
          </Group>
          <Button type="submit" loading={busy} fullWidth mt="xs">
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
