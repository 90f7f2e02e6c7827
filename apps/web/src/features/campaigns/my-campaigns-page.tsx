import { Anchor, Card, Group, SegmentedControl, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { humanize } from '../../kit/schema';
import { StatusBadge } from '../../kit/status-badge';
import { CHANNEL_LABEL, type Channel, listCampaigns, reportHref } from './campaigns-api';

/** Every campaign, by channel; each opens its report. */
export default function MyCampaignsPage() {
  const [channel, setChannel] = useState('all');
  const list = useQuery({
    queryKey: ['campaigns', 'list', channel],
    queryFn: () => listCampaigns({ limit: 100, sort: '-createdAt', ...(channel === 'all' ? {} : { channel }) }),
  });
  return (
    <>
      <PageHeader title="My campaigns" description="Drafts, scheduled, sending and sent campaigns on every channel." />
      <Group mb="sm">
        <SegmentedControl
          value={channel}
          onChange={setChannel}
          data={[{ value: 'all', label: 'All' }, ...Object.entries(CHANNEL_LABEL).map(([value, label]) => ({ value, label }))]}
        />
      </Group>
      <Card withBorder>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Scheduled</Table.Th>
              <Table.Th>Recipients</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data ?? []).map((c) => (
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
                <Table.Td>{c.scheduledAt ? new Date(c.scheduledAt).toLocaleString() : ''}</Table.Td>
                <Table.Td>{c.recipientCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </>
  );
}
