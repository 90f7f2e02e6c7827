import { Alert, Anchor, Button, Container, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../kit/page-header';
import { queryClient } from '../../lib/query-client';
import { rememberCommunity, setToken } from '../../lib/session';
import { money, PERIOD_LABEL, startTrial, usePublicPricing } from './billing-api';

/** /getapp: sign up a new community with a chosen plan (its trial starts at once). Public. */
export default function GetAppPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pricing = usePublicPricing();
  const [plan, setPlan] = useState(params.get('plan') ?? 'starter');
  const [form, setForm] = useState({ community: '', name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof typeof form) => ({
    value: form[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.currentTarget.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const res = await fetch('/api/v1/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...form, community: form.community.trim().toLowerCase() }),
      });
      const body = (await res.json()) as {
        token?: string;
        community?: { name: string };
        error?: { message: string; fields?: Record<string, string> };
      };
      if (!res.ok || !body.token) {
        setErrors(body.error?.fields ?? {});
        setError(body.error?.message ?? 'The sign-up did not go through');
        return;
      }
      setToken(body.token);
      rememberCommunity(body.community!.name);
      queryClient.clear();
      await startTrial(plan);
      navigate('/admin-panel/billing', { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The sign-up did not go through. Try again.');
    } finally {
      setBusy(false);
    }
  }

  const chosen = pricing.data?.plans.find((p) => p.code === plan);
  return (
    <Container size="xs" py="xl">
      <PageHeader title="Get started" description="Create your community and start the free trial of a plan." />
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <Select
            label="Plan"
            value={plan}
            onChange={(v) => v && setPlan(v)}
            data={(pricing.data?.plans ?? []).map((p) => ({ value: p.code, label: p.name }))}
            allowDeselect={false}
          />
          {chosen?.options[0] && (
            <Text size="sm" c="dimmed">
              {chosen.trialDays} days free, then {money(chosen.options[0].priceMinor, chosen.options[0].currency)}{' '}
              {PERIOD_LABEL[chosen.options[0].period]}.
            </Text>
          )}
          <TextInput
            label="Community name"
            description="Lowercase letters, digits and dashes: your address in Atrium"
            required
            {...field('community')}
          />
          <TextInput label="Your name" required autoComplete="name" {...field('name')} />
          <TextInput label="Email" type="email" required autoComplete="email" {...field('email')} />
          <PasswordInput label="Password" required autoComplete="new-password" {...field('password')} />
          <Button type="submit" loading={busy}>
            Create my community
          </Button>
          <Text size="sm">
            Compare the plans on the{' '}
            <Anchor component={Link} to="/admin-panel/plans-vue">
              pricing page
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </Container>
  );
}
