import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { requestResetCode, resetPassword } from './api/forgot-password';
import { CommunityInput, EmailInput, FormError, useAccount, useSubmit } from './auth-form';
import { AuthLayout } from './auth-layout';

type Step = 'email' | 'code';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const account = useAccount();
  const [step, setStep] = useState<Step>('email');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { fieldErrors, setFieldErrors, error, setError, busy, submit } = useSubmit();

  function fail(err: unknown) {
    if (err instanceof ApiError) {
      if (err.fields?.community) account.setNeedsCommunity(true);
      setFieldErrors(err.fields ?? {});
      setError(err.message);
    } else setError('That did not work. Try again.');
  }

  const sendCode = (event?: FormEvent) =>
    submit(
      event,
      account.check('Name the community'),
      async () => {
        await requestResetCode(account.target());
        setStep('code');
      },
      fail,
    );

  function reset(event: FormEvent) {
    const errors: Record<string, string> = {};
    if (!/^\d{6}$/.test(code.trim())) errors.code = 'The code has 6 digits';
    if (password.length < 8) errors.password = 'Use at least 8 characters';
    if (confirm !== password) errors.confirm = 'The passwords do not match';
    return submit(
      event,
      errors,
      async () => {
        await resetPassword({ ...account.target(), code: code.trim(), password });
        navigate('/login', { replace: true, state: { notice: 'Your password has been changed. Sign in with the new one.' } });
      },
      fail,
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle={
        step === 'email'
          ? 'We will email you a 6-digit code.'
          : `Enter the code we sent to ${account.email.trim()} and choose a new password.`
      }
    >
      <FormError error={error} />
      {step === 'email' ? (
        <form onSubmit={sendCode} noValidate>
          <Stack gap="sm">
            <EmailInput account={account} error={fieldErrors.email} />
            <CommunityInput account={account} error={fieldErrors.community} />
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
            {(
              [
                ['New password', password, setPassword, fieldErrors.password, 'At least 8 characters'],
                ['Repeat the new password', confirm, setConfirm, fieldErrors.confirm, undefined],
              ] as const
            ).map(([label, value, set, fieldError, description]) => (
              <PasswordInput
                key={label}
                label={label}
                autoComplete="new-password"
                description={description}
                required
                value={value}
                onChange={(e) => set(e.currentTarget.value)}
                error={fieldError}
              />
            ))}
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
