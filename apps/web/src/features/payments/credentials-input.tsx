import { Button, Group, Input, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { WidgetProps } from '../../kit/field-input';

interface KindInfo {
  kind: string;
  label: string;
  credentialFields: { key: string; required: boolean }[];
}

export const useGatewayKinds = () =>
  useQuery({
    queryKey: ['payments', 'kinds'],
    queryFn: () => request<{ data: KindInfo[] }>('GET', '/api/v1/payments/kinds').then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

function parse(value: unknown): Record<string, string> {
  if (typeof value === 'string' && value.trim()) {
    try {
      const parsed = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}

/** The names each kind expects, e.g. "Razorpay: keyId, keySecret, webhookSecret (optional)". */
const namesOf = (k: KindInfo) => k.credentialFields.map((f) => `${f.key}${f.required ? '' : ' (optional)'}`).join(', ');

/**
 * Write-only credentials: name and secret rows. Nothing stored is ever shown here (the list shows the
 * masks); on an existing gateway, send only the values that change.
 */
export function CredentialsInput({ field, input, mode, disabled }: WidgetProps) {
  const kinds = useGatewayKinds();
  const values = parse(input.value);
  const rows = Object.entries(values);
  const set = (next: Record<string, string>) => input.onChange(Object.keys(next).length ? JSON.stringify(next) : '');
  const online = (kinds.data ?? []).filter((k) => k.credentialFields.length > 0);
  return (
    <Input.Wrapper
      label={field.label}
      description={
        mode === 'update'
          ? 'Stored encrypted and never shown again. Add only the values that change; the others are kept.'
          : 'Stored encrypted and never shown again.'
      }
      error={input.error}
    >
      <Stack gap="xs" mt="xs">
        {rows.map(([name, secret], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is a position; renaming its credential keeps the input focused
          <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              aria-label="Credential name"
              placeholder="keyId"
              value={name}
              disabled={disabled}
              onChange={(e) => {
                const next = Object.fromEntries(rows.map(([k, v], j) => (j === i ? [e.currentTarget.value, v] : [k, v])));
                set(next);
              }}
            />
            <PasswordInput
              aria-label={`Value of ${name || 'the credential'}`}
              style={{ flex: 1 }}
              value={secret}
              disabled={disabled}
              autoComplete="new-password"
              onChange={(e) => set({ ...values, [name]: e.currentTarget.value })}
            />
            <Button
              variant="subtle"
              color="red"
              disabled={disabled}
              onClick={() => set(Object.fromEntries(rows.filter((_, j) => j !== i)))}
              aria-label={`Remove ${name || 'row'}`}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" disabled={disabled} onClick={() => set({ ...values, [`name${rows.length + 1}`]: '' })}>
            Add a credential
          </Button>
        </Group>
        {online.map((k) => (
          <Text key={k.kind} size="xs" c="dimmed">
            {k.label}: {namesOf(k)}
          </Text>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
