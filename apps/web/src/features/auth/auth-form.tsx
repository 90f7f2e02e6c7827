import { Alert, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { lastCommunity } from '../../lib/session';

// What the public account forms (sign-in, password reset) share: the email and community fields,
// the community asked for only when needed, and one way to check, submit and show errors.

export const isEmail = (value: string) => /^\S+@\S+\.\S+$/.test(value.trim());

/** The account an email names: the email, and the community once the person had to name one. */
export function useAccount() {
  const remembered = lastCommunity();
  const [email, setEmail] = useState('');
  const [community, setCommunity] = useState(remembered);
  const [needsCommunity, setNeedsCommunity] = useState(Boolean(remembered));
  const target = () => ({
    email: email.trim(),
    ...(needsCommunity && community.trim() ? { community: community.trim().toLowerCase() } : {}),
  });
  /** Field errors of the account's own fields: a valid email, and the community when it is asked for. */
  const check = (communityMessage: string) => ({
    ...(isEmail(email) ? {} : { email: 'Enter a valid email address' }),
    ...(needsCommunity && !community.trim() ? { community: communityMessage } : {}),
  });
  return { email, setEmail, community, setCommunity, needsCommunity, setNeedsCommunity, target, check };
}
export type Account = ReturnType<typeof useAccount>;

/** A form's field errors, its message and whether it is busy; `submit` checks, then runs. */
export function useSubmit() {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Shows `errors` when there are any; otherwise runs `work`, handing what it throws to `fail`. */
  async function submit(
    event: FormEvent | undefined,
    errors: Record<string, string>,
    work: () => Promise<void>,
    fail: (err: unknown) => void,
  ) {
    event?.preventDefault();
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await work();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }
  return { fieldErrors, setFieldErrors, error, setError, busy, submit };
}

export function FormError({ error, testId }: { error: string | null; testId?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {error}
    </Alert>
  );
}

export function EmailInput({ account, error, id }: { account: Account; error?: string; id?: string }) {
  return (
    <TextInput
      id={id}
      label="Email"
      type="email"
      autoComplete="username"
      required
      value={account.email}
      onChange={(e) => account.setEmail(e.currentTarget.value)}
      error={error}
      autoFocus
    />
  );
}

/** The community to use, shown once it is needed (remembered, chosen, or asked for by the server). */
export function CommunityInput({
  account,
  error,
  id,
  description,
}: {
  account: Account;
  error?: string;
  id?: string;
  description?: string;
}) {
  if (!account.needsCommunity) return null;
  return (
    <TextInput
      id={id}
      label="Community"
      description={description}
      autoComplete="organization"
      required
      value={account.community}
      onChange={(e) => account.setCommunity(e.currentTarget.value)}
      error={error}
    />
  );
}
