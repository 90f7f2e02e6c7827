import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import {
  credentialLabel,
  deleteGateway,
  type Gateway,
  type GatewayKind,
  saveGateway,
  type TestResult,
  testGateway,
  useGatewayKinds,
  useGateways,
} from './gateways-api';

const failed = (title: string) => (err: unknown) =>
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });

/** One gateway: provider, mode and switch always in view (on a phone too), its keys as labelled masks, and its own test. */
function GatewayCard({ gateway, kind, onEdit }: { gateway: Gateway; kind: GatewayKind | undefined; onEdit: () => void }) {
  const client = useQueryClient();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const [switching, setSwitching] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['payments', 'gateways'] });
  const masks = Object.entries(gateway.credentialsMasked ?? {});
  async function test() {
    setTesting(true);
    try {
      setResult(await testGateway(gateway.id));
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError ? err.message : 'The test could not run.' });
    } finally {
      setTesting(false);
    }
  }
  async function toggle(enabled: boolean) {
    setSwitching(true);
    await saveGateway(gateway.id, { enabled })
      .then(refresh, failed(enabled ? 'Not enabled' : 'Not disabled'))
      .finally(() => setSwitching(false));
  }
  function remove() {
    if (!window.confirm(`Delete “${gateway.displayName}”? Payers can no longer choose it; its past transactions stay in the ledger.`))
      return;
    void deleteGateway(gateway.id).then(refresh, failed('Not deleted'));
  }
  return (
    <Card withBorder radius="md" component="article" aria-label={gateway.displayName} data-testid="gateway">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {gateway.displayName}
          </Text>
          <Text size="xs" c="dimmed">
            {kind?.label ?? gateway.kind} · {gateway.currency}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge
            color={gateway.mode === 'live' ? 'green' : 'yellow'}
            variant="light"
            aria-label={`Mode: ${gateway.mode === 'live' ? 'Live' : 'Test'}`}
          >
            {gateway.mode === 'live' ? 'Live' : 'Test'}
          </Badge>
          <Switch
            checked={gateway.enabled}
            disabled={switching}
            onChange={(e) => toggle(e.currentTarget.checked)}
            label={gateway.enabled ? 'Enabled' : 'Disabled'}
            aria-label={`${gateway.displayName} enabled`}
          />
        </Group>
      </Group>
      {masks.length > 0 && (
        <Stack gap={2} mt="sm" component="dl" m={0}>
          {masks.map(([key, mask]) => (
            <Group key={key} gap={6} wrap="nowrap">
              <Text component="dt" size="xs" c="dimmed" w={140} style={{ flexShrink: 0 }}>
                {credentialLabel(kind, key)}
              </Text>
              <Text component="dd" size="xs" ff="monospace" m={0} truncate>
                {mask}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {gateway.instructions && (
        <Text size="xs" c="dimmed" mt="sm" lineClamp={2}>
          {gateway.instructions}
        </Text>
      )}
      {result && (
        <Alert mt="sm" color={result.ok ? 'teal' : 'red'} title={result.ok ? 'Connected' : 'Not connected'} role="status">
          {result.message}
        </Alert>
      )}
      <Group gap="xs" mt="sm">
        {kind?.online && (
          <Button size="xs" variant="light" loading={testing} onClick={test}>
            Test {gateway.displayName}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={onEdit}>
          {kind?.online ? 'Change keys' : 'Edit'}
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={remove}>
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/** The community's gateways as cards (no table, no CSV: a handful of records, each with its own actions). */
export function GatewayList({ onEdit, onAdd }: { onEdit: (gateway: Gateway) => void; onAdd: () => void }) {
  const gateways = useGateways();
  const kinds = useGatewayKinds();
  if (gateways.isError)
    return (
      <Alert color="red" role="alert">
        {gateways.error instanceof ApiError ? gateways.error.message : 'The gateways could not be loaded.'}
      </Alert>
    );
  if (!gateways.data) return <Skeleton h={160} radius="md" />;
  if (gateways.data.length === 0)
    return (
      <Stack align="flex-start" gap="xs">
        <Text c="dimmed">No payment gateway yet: set one up to take payments.</Text>
        <Button onClick={onAdd}>Set up a gateway</Button>
      </Stack>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      {gateways.data.map((g) => (
        <GatewayCard key={g.id} gateway={g} kind={kinds.data?.find((k) => k.kind === g.kind)} onEdit={() => onEdit(g)} />
      ))}
    </SimpleGrid>
  );
}
