import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { lastCommunity } from '../../lib/session';
import { requestResetCode, resetPassword } from './api/forgot-password';
import { AuthLayout } from './auth-layout';

type Step = 'email' | 'code';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const remembered = lastCommunity();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [community, setCommunity] = useState(remembered);
  const [needsCommunity, setNeedsCommunity] = useState(Boolean(remembered));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const target = () => ({
    email: email.trim(),
    ...(needsCommunity && community.trim() ? { community: community.trim().toLowerCase() } : {}),
  });

  function fail(err: unknown) {
    if (err instanceof ApiError) {
      if (err.fields?.community) setNeedsCommunity(true);
      setFieldErrors(err.fields ?? {});
      setError(err.message);
    } else setError('That did not work. Try again.');
  }

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setFieldErrors({ email: 'Enter a valid email address' });
      return;
    }
    if (needsCommunity && !community.trim()) {
      setFieldErrors({ community: 'Name the community' });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      await requestResetCode(target());
      setStep('code');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!/^\d{6}$/.test(code.trim())) errors.code = 'The code has 6 digits';
    if (password.length < 8) errors.password = 'Use at least 8 characters';
    if (confirm !== password) errors.confirm = 'The passwords do not match';
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ ...target(), code: code.trim(), password });
      navigate('/login', { replace: true, state: { notice: 'Your password has been changed. Sign in with the new one.' } });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle={
        step === 'email' ? 'We will email you a 6-digit code.' : `Enter the code we sent to ${email.trim()} and choose a new password.`
      }
    >
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {step === 'email' ? (
        <form onSubmit={sendCode} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldErrors.email}
              autoFocus
            />
            {needsCommunity && (
              <TextInput
                label="Community"
                autoComplete="organization"
                required
                value={community}
                onChange={(e) => setCommunity(e.currentTarget.value)}
                error={fieldErrors.community}
              />
            )}
            <Button type="submit" loading={busy} fullWidth>
              Email me a code
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={reset} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={fieldErrors.code}
              autoFocus
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              description="At least 8 characters"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={fieldErrors.confirm}
            />
            <Button type="submit" loading={busy} fullWidth>
              Set new password
            </Button>
            <Text size="sm" c="dimmed">
              No email?{' '}
              <Anchor component="button" type="button" size="sm" onClick={() => sendCode()}>
                Send another code
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
      <Group justify="center">
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Group>
    </AuthLayout>
  );
}
