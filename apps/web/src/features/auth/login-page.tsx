import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, UnstyledButton } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, type ErrorChoice } from '../../api/client';
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
  /** The communities this email and password open, when they open several: the person picks one. */
  const [choices, setChoices] = useState<ErrorChoice[] | null>(null);
  const { fieldErrors, setFieldErrors, error, setError, busy, submit } = useSubmit();
  const notice = (location.state as { notice?: string } | null)?.notice;

  useEffect(() => {
    if (needsCommunity && !community) document.getElementById('login-community')?.focus();
  }, [needsCommunity, community]);

  function signIn(event?: FormEvent, chosen?: string) {
    const errors: Record<string, string> = {
      ...(chosen ? {} : account.check('Name the community to sign in to')),
      ...(password ? {} : { password: 'Enter your password' }),
    };
    return submit(
      event,
      errors,
      async () => {
        const target = account.target();
        const session = await login({ ...target, ...(chosen ? { community: chosen } : {}), password });
        setToken(session.token);
        rememberCommunity(session.community.name);
        queryClient.clear();
        navigate(safeNext(params.get('next')) ?? DASHBOARD, { replace: true });
      },
      (err) => {
        if (err instanceof ApiError && err.code === 'community_choice' && err.choices?.length) {
          // The password is right in several communities: list them (no error: nothing went wrong).
          setChoices(err.choices);
          setError(null);
          setFieldErrors({});
        } else if (err instanceof ApiError && err.fields?.community) {
          account.setNeedsCommunity(true);
          setFieldErrors({ community: err.fields.community });
        } else if (err instanceof ApiError) {
          setError(err.message);
          if (err.fields) setFieldErrors(err.fields);
        } else {
          setError('Signing in failed. Try again.');
        }
      },
    );
  }

  if (choices) {
    return (
      <AuthLayout title="Choose a community" subtitle={`${account.email} opens ${choices.length} communities.`}>
        <Stack gap="sm">
          <Stack gap="xs" role="group" aria-label="Your communities">
            {choices.map((choice) => (
              <UnstyledButton
                key={choice.value}
                onClick={() => signIn(undefined, choice.value)}
                disabled={busy}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
              >
                <Text fw={600}>{choice.label}</Text>
                <Text size="sm" c="dimmed" ff="monospace">
                  {choice.value}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
          <FormError error={error} testId="login-error" />
          <Anchor component="button" type="button" size="sm" onClick={() => setChoices(null)}>
            Back
          </Anchor>
        </Stack>
      </AuthLayout>
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
