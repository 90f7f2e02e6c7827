import { Alert, Badge, Button, Group, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../api/client';
import type { ResourceMeta } from '../../../api/get-resources-meta';
import type { Row } from '../../../kit/resource-api';
import { ResourceForm } from '../../../kit/resource-form';
import { StatusBadge } from '../../../kit/status-badge';
import { TableHead } from '../../../kit/table-head';
import { ContactSegments } from '../segments/contact-segments';
import { useConsentActions, useConsentEvents } from './contacts-api';
import { CHANNELS, type ChannelKey, CONSENT_LABELS } from './paths';

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
const consentColor = (status: string) => (status === 'opted_in' ? 'green' : status === 'opted_out' ? 'red' : 'gray');

/** One contact: its attributes, consent per channel with the history behind it, its segments, and the edit form. */
export function ContactPanel({ row, meta }: { row: Row; meta: ResourceMeta }) {
  const canWrite = meta.permissions.write;
  return (
    <Tabs defaultValue="overview" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="overview">Overview</Tabs.Tab>
        <Tabs.Tab value="edit">{canWrite ? 'Edit' : 'All fields'}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="overview" pt="md">
        <Stack gap="lg">
          <Attributes row={row} />
          <Consent row={row} canWrite={canWrite} />
          <ContactSegments contactId={row.id} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="edit" pt="md">
        <ResourceForm meta={meta} record={row} readOnly={!canWrite} />
      </Tabs.Panel>
    </Tabs>
  );
}

function Attributes({ row }: { row: Row }) {
  const tags = (row.tags as string[]) ?? [];
  const custom = Object.entries((row.attributes as Record<string, unknown>) ?? {});
  const facts: [string, string][] = [
    ['Email', String(row.email ?? '—')],
    ['Phone', String(row.phone ?? '—')],
    ['WhatsApp', String(row.whatsapp ?? '—')],
    ['Country', String(row.country ?? '—')],
    ['Language', String(row.language ?? '—')],
    ['Source', String(row.source ?? '—').replace('_', ' ')],
    ['Added', when(row.createdAt as string)],
    ['Last activity', when(row.lastActivityAt as string | null)],
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Details
      </Title>
      <Table withTableBorder verticalSpacing={4} data-testid="contact-details">
        <Table.Tbody>
          {[...facts, ...custom.map(([k, v]): [string, string] => [k, String(v)])].map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="35%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap={6} aria-label="Tags">
        {tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tags
          </Text>
        ) : (
          tags.map((tag) => (
            <Badge key={tag} variant="light">
              {tag}
            </Badge>
          ))
        )}
      </Group>
    </Stack>
  );
}

function Consent({ row, canWrite }: { row: Row; canWrite: boolean }) {
  const events = useConsentEvents(row.id);
  const { setConsent, sendConfirmation } = useConsentActions(row.id);
  const fail = (title: string) => (err: unknown) =>
    notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });

  const change = (channel: ChannelKey, status: 'opted_in' | 'opted_out') =>
    setConsent.mutate(
      { channel, status },
      { onSuccess: () => notifications.show({ color: 'teal', message: 'Consent recorded' }), onError: fail('Consent not changed') },
    );
  const confirm = () =>
    sendConfirmation.mutate(undefined, {
      onSuccess: (r) => notifications.show({ color: 'teal', message: `Confirmation link sent to ${r.data.to}` }),
      onError: fail('Not sent'),
    });

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Consent
      </Title>
      <Table withTableBorder verticalSpacing={4} data-testid="contact-consent">
        <TableHead columns={['Channel', 'Status', 'Since', canWrite && 'Change']} />
        <Table.Tbody>
          {CHANNELS.map(({ key, label, column }) => {
            const status = String(row[column] ?? 'unknown');
            const last = events.data?.find((e) => e.channel === key);
            return (
              <Table.Tr key={key}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>
                  <StatusBadge value={status} label={CONSENT_LABELS[status] ?? status} color={consentColor(status)} />
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{last ? `${when(last.createdAt)} · ${last.source}` : '—'}</Text>
                </Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {status !== 'opted_in' && (
                        <Button size="compact-xs" variant="light" onClick={() => change(key, 'opted_in')} aria-label={`Opt in to ${label}`}>
                          Opt in
                        </Button>
                      )}
                      {status !== 'opted_out' && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          onClick={() => change(key, 'opted_out')}
                          aria-label={`Opt out of ${label}`}
                        >
                          Opt out
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {canWrite && Boolean(row.email) && row.emailConsent !== 'opted_in' && (
        <Group>
          <Button size="xs" variant="default" onClick={confirm} loading={sendConfirmation.isPending}>
            Send email confirmation link
          </Button>
          <Text size="xs" c="dimmed">
            Double opt-in: the contact is opted in when they follow the link (48 hours).
          </Text>
        </Group>
      )}
      <Title order={4} size="h6" mt="sm">
        Consent history
      </Title>
      {events.isPending && <Loader size="sm" aria-label="Loading consent history" />}
      {events.isError && (
        <Alert color="red" variant="light" role="alert">
          The consent history could not be loaded.
        </Alert>
      )}
      {events.data && events.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No consent recorded yet.
        </Text>
      )}
      {events.data && events.data.length > 0 && (
        <Table verticalSpacing={2} data-testid="consent-history">
          <TableHead columns={['When', 'Channel', 'Status', 'Source', 'IP address']} />
          <Table.Tbody>
            {events.data.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{when(e.createdAt)}</Table.Td>
                <Table.Td>{CHANNELS.find((c) => c.key === e.channel)?.label ?? e.channel}</Table.Td>
                <Table.Td>{CONSENT_LABELS[e.status] ?? e.status}</Table.Td>
                <Table.Td>{e.source}</Table.Td>
                <Table.Td>{e.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
