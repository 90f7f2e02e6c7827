import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { queryClient } from '../../lib/query-client';
import { rememberCommunity, safeNext, setToken } from '../../lib/session';
import { login } from './api/login';
import { CommunityInput, EmailInput, FormError, useAccount, useSubmit } from './auth-form';
import { AuthLayout } from './auth-layout';

const DASHBOARD = '/admin-panel/dashboard';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const account = useAccount();
  const { needsCommunity, community } = account;
  const [password, setPassword] = useState('');
  const { fieldErrors, setFieldErrors, error, setError, busy, submit } = useSubmit();
  const notice = (location.state as { notice?: string } | null)?.notice;

  useEffect(() => {
    if (needsCommunity && !community) document.getElementById('login-community')?.focus();
  }, [needsCommunity, community]);

  function signIn(event: FormEvent) {
    const errors: Record<string, string> = {
      ...account.check('Name the community to sign in to'),
      ...(password ? {} : { password: 'Enter your password' }),
    };
    return submit(
      event,
      errors,
      async () => {
        const session = await login({ ...account.target(), password });
        setToken(session.token);
        rememberCommunity(session.community.name);
        queryClient.clear();
        navigate(safeNext(params.get('next')) ?? DASHBOARD, { replace: true });
      },
      (err) => {
        if (err instanceof ApiError && err.fields?.community) {
          // The email belongs to several communities: ask which one.
          account.setNeedsCommunity(true);
          setFieldErrors({ community: err.fields.community });
          setError(err.message);
        } else if (err instanceof ApiError) {
          setError(err.message);
          if (err.fields) setFieldErrors(err.fields);
        } else {
          setError('Signing in failed. Try again.');
        }
      },
    );
  }

  return (
    <AuthLayout title="Sign in" subtitle="Run your community's website, shop and campaigns.">
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <FormError error={error} testId="login-error" />
      <form onSubmit={signIn} noValidate>
        <Stack gap="sm">
          <EmailInput id="login-email" account={account} error={fieldErrors.email} />
          <PasswordInput
            id="login-password"
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
          />
          <CommunityInput
            id="login-community"
            account={account}
            description="The community (business) to sign in to"
            error={fieldErrors.community}
          />
          <Group justify="space-between" mt="xs">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
            {!needsCommunity && (
              <Anchor component="button" type="button" size="sm" onClick={() => account.setNeedsCommunity(true)}>
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
