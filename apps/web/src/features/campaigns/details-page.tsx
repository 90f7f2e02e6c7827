import { BarChart } from '@mantine/charts';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ActionButtons } from '../../kit/action-buttons';
import { PageHeader } from '../../kit/page-header';
import { humanize } from '../../kit/schema';
import { StatusBadge } from '../../kit/status-badge';
import { useAction } from '../../kit/use-action';
import { CHANNEL_LABEL, type Channel, campaignAction, getReport, listRecipients, percent } from './campaigns-api';

const ACTION_LABEL: Record<string, string> = {
  launch: 'Send now',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  unschedule: 'Back to draft',
};

function Figure({ label, value, rate }: { label: string; value: number; rate?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={`figure-${label.toLowerCase()}`}>
        {value.toLocaleString()}
      </Text>
      {rate && <Text size="xs">{rate}</Text>}
    </Card>
  );
}

/** A campaign's report: figures and rates, a timeline, top links, each recipient; its actions. */
export default function CampaignDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('record') ?? '';
  const key = ['campaigns', 'report', id];
  const report = useQuery({ queryKey: key, queryFn: () => getReport(id), enabled: Boolean(id), refetchInterval: 5000 });
  const recipients = useQuery({
    queryKey: ['campaigns', 'recipients', id],
    queryFn: () => listRecipients(id),
    enabled: Boolean(id),
    refetchInterval: 5000,
  });
  const { busy, run } = useAction([key]);
  if (!id) return <PageHeader title="Campaign" description="Open a campaign from My campaigns." />;
  const r = report.data;
  if (!r) return <PageHeader title="Campaign" description={report.isError ? 'This campaign could not be read.' : 'Loading…'} />;
  const c = r.campaign;
  const n = r.counts;
  return (
    <>
      <PageHeader
        title={String(c.name)}
        description={
          <Group gap="xs" component="span">
            <Badge variant="light">{CHANNEL_LABEL[c.channel as Channel]}</Badge>
            <StatusBadge value={String(c.status)} label={humanize(String(c.status))} />
            {c.statusReason ? <span>{String(c.statusReason)}</span> : null}
          </Group>
        }
        actions={
          <ActionButtons
            busy={busy}
            actions={(c.actions as string[]).map((a) => ({
              name: a,
              label: ACTION_LABEL[a] ?? a,
              color: a === 'cancel' ? 'red' : undefined,
              onClick: () => run(a, () => campaignAction(id, a), 'Done'),
            }))}
          />
        }
      />
      <Stack>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }}>
          <Figure label="Recipients" value={n.recipients} />
          <Figure label="Sent" value={n.sent} />
          <Figure label="Delivered" value={n.delivered} rate={percent(r.rates.delivery)} />
          <Figure label="Opened" value={n.opened} rate={percent(r.rates.open)} />
          <Figure label="Clicked" value={n.clicked} rate={percent(r.rates.click)} />
          <Figure label="Bounced" value={n.bounced} rate={percent(r.rates.bounce)} />
          <Figure label="Unsubscribed" value={n.unsubscribed} rate={percent(r.rates.unsubscribe)} />
          <Figure label="Failed" value={n.failed} rate={percent(r.rates.failure)} />
        </SimpleGrid>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Timeline (per {String(r.unit)})
          </Title>
          <BarChart
            h={220}
            data={(r.timeline as Record<string, string | number>[]).map((b) => ({ ...b, at: new Date(String(b.at)).toLocaleString() }))}
            dataKey="at"
            series={[
              { name: 'sent', color: 'blue.6' },
              { name: 'open', color: 'teal.6' },
              { name: 'click', color: 'grape.6' },
            ]}
          />
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Top links
            </Title>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Link</Table.Th>
                  <Table.Th>Clicks</Table.Th>
                  <Table.Th>Unique</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(r.topLinks as { url: string; clicks: number; unique: number }[]).map((l) => (
                  <Table.Tr key={l.url}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{l.url}</Table.Td>
                    <Table.Td>{l.clicks}</Table.Td>
                    <Table.Td>{l.unique}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Card withBorder>
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                Recipients
              </Title>
              <Anchor href={`/api/v1/campaigns/recipients/export.csv?campaignId=${encodeURIComponent(id)}`}>Export CSV</Anchor>
            </Group>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Opened</Table.Th>
                  <Table.Th>Clicked</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(recipients.data ?? []).map((x) => (
                  <Table.Tr key={x.id}>
                    <Table.Td>{x.address}</Table.Td>
                    <Table.Td>{x.state}</Table.Td>
                    <Table.Td>{x.openedAt ? new Date(x.openedAt).toLocaleString() : ''}</Table.Td>
                    <Table.Td>{x.clickedAt ? new Date(x.clickedAt).toLocaleString() : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </SimpleGrid>
      </Stack>
    </>
  );
}
