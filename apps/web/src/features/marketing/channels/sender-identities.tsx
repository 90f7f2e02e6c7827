import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { RemoveButton } from '../../../kit/remove-button';

export interface Identity {
  name: string;
  address: string;
}

/** The "from" identities email may go out as: a name and an address each. */
export function SenderIdentities({ value, onChange, error }: { value: Identity[]; onChange: (v: Identity[]) => void; error?: string }) {
  const set = (i: number, patch: Partial<Identity>) => onChange(value.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Sender identities
      </Text>
      {value.length === 0 && (
        <Text size="xs" c="dimmed">
          None: email goes out from the installation’s sender address.
        </Text>
      )}
      {value.map((identity, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; order is their identity
        <Group key={i} gap="xs" align="end" wrap="nowrap">
          <TextInput
            label="From name"
            value={identity.name}
            onChange={(e) => set(i, { name: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <TextInput
            label="From address"
            type="email"
            value={identity.address}
            onChange={(e) => set(i, { address: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <RemoveButton label={`Remove ${identity.address || 'identity'}`} onClick={() => onChange(value.filter((_, j) => j !== i))} />
        </Group>
      ))}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <Button variant="default" size="xs" w="fit-content" onClick={() => onChange([...value, { name: '', address: '' }])}>
        Add an identity
      </Button>
    </Stack>
  );
}
