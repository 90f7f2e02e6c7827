import { Anchor, Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { humanize } from '../../kit/schema';
import { StatusBadge } from '../../kit/status-badge';
import { CHANNEL_LABEL, type Channel, getOverview, percent, reportHref } from './campaigns-api';

const COMPOSE: Record<Channel, string> = {
  email: '/admin-panel/marcom/email-campaign',
  sms: '/admin-panel/marcom/sms-campaign',
  push: '/admin-panel/marcom/pushNotification-campaign',
  whatsapp: '/admin-panel/marcom/whatsapp-campaign',
};

/** The marketing hub (or one channel's report, e.g. WhatsApp): figures per channel and the recent campaigns. */
export function Hub({ only }: { only?: Channel }) {
  const overview = useQuery({ queryKey: ['campaigns', 'overview'], queryFn: getOverview });
  const o = overview.data;
  const channels = ((o?.channels ?? []) as Record<string, any>[]).filter((c) => !only || c.channel === only);
  const recent = ((o?.recent ?? []) as Record<string, any>[]).filter((c) => !only || c.channel === only);
  return (
    <>
      <PageHeader
        title={only ? `${CHANNEL_LABEL[only]} report` : 'Marketing'}
        description={
          only ? 'Delivery and read rates of the WhatsApp campaigns (last 90 days).' : 'Campaigns on every channel: the last 90 days.'
        }
        actions={(only ? [only] : (Object.keys(COMPOSE) as Channel[])).map((ch) => (
          <Button key={ch} component={Link} to={COMPOSE[ch]} variant="light" size="xs">
            New {CHANNEL_LABEL[ch]} campaign
          </Button>
        ))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="md">
        {channels.length === 0 && <Text c="dimmed">No campaign sent in the last 90 days.</Text>}
        {channels.map((c) => (
          <Card key={c.channel} withBorder>
            <Text fw={600}>{CHANNEL_LABEL[c.channel as Channel]}</Text>
            <Text size="sm">
              {c.campaigns} campaigns · {Number(c.sent).toLocaleString()} sent
            </Text>
            <Text size="sm">
              Delivered {percent(c.rates.delivery)} · Read {percent(c.rates.read)} · Opened {percent(c.rates.open)} · Clicked{' '}
              {percent(c.rates.click)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Recent campaigns
          </Title>
          <Anchor component={Link} to="/admin-panel/my-campaign">
            All campaigns
          </Anchor>
        </Group>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>{only === 'whatsapp' ? 'Read' : 'Opened'}</Table.Th>
              <Table.Th>Delivered</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recent.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} to={reportHref(c.id)}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{CHANNEL_LABEL[c.channel as Channel]}</Table.Td>
                <Table.Td>
                  <StatusBadge value={c.status} label={humanize(c.status)} />
                </Table.Td>
                <Table.Td>{c.counts.sent}</Table.Td>
                <Table.Td>{only === 'whatsapp' ? percent(c.rates.read) : percent(c.rates.open)}</Table.Td>
                <Table.Td>{percent(c.rates.delivery)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </>
  );
}

export default function HubPage() {
  return <Hub />;
}

export function WhatsappReportPage() {
  return <Hub only="whatsapp" />;
}
