import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TableHead } from '../../../kit/table-head';
import { getStats, type PageStats } from './pages-api';

export function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={`metric-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Paper>
  );
}

/** Opens per day as bars (signups darker inside them): a chart without a chart library. */
export function DailyBars({ days }: { days: PageStats['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.opens));
  const width = 100 / days.length;
  /** Day i's bar of `value`, scaled to the busiest day's opens. */
  const bar = (i: number, value: number, fill: string) => (
    <rect x={i * width + width * 0.1} width={width * 0.8} y={40 - (value / max) * 40} height={(value / max) * 40} fill={fill} />
  );
  return (
    <svg viewBox="0 0 100 40" width="100%" height="120" preserveAspectRatio="none" role="img" aria-label="Opens and signups per day">
      {days.map((d, i) => (
        <g key={d.day}>
          <title>{`${d.day}: ${d.opens} opens, ${d.clicks} clicks, ${d.signups} signups`}</title>
          {bar(i, d.opens, '#74a9f7')}
          {bar(i, d.signups, '#1c4fa0')}
        </g>
      ))}
    </svg>
  );
}

/** A page's traffic over the last 30 days: totals, conversion, daily bars and the blocks clicked. */
export function StatsPanel({ id, blockLabels }: { id: string; blockLabels: Record<string, string> }) {
  const stats = useQuery({ queryKey: ['landing-stats', id], queryFn: () => getStats(id, 30) });
  if (!stats.data) return <Text c="dimmed">{stats.isError ? 'The statistics could not be loaded.' : 'Loading statistics…'}</Text>;
  const { page, period, days, blocks } = stats.data;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Metric label="Opens" value={String(page.opens)} />
        <Metric label="Clicks" value={String(page.clicks)} />
        <Metric label="Signups" value={String(page.signups)} />
        <Metric label="Conversion" value={`${page.opens ? Math.round((page.signups / page.opens) * 1000) / 10 : 0}%`} />
      </SimpleGrid>
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Last 30 days</Text>
          <Text size="sm" c="dimmed">
            {period.opens} opens · {period.clicks} clicks · {period.signups} signups · {period.conversionRate}% conversion
          </Text>
        </Group>
        <DailyBars days={days} />
      </Paper>
      {blocks.length > 0 && (
        <Table>
          <TableHead columns={['Block', 'Clicks', 'Signups']} />
          <Table.Tbody>
            {blocks.map((b) => (
              <Table.Tr key={b.blockId}>
                <Table.Td>{blockLabels[b.blockId] ?? b.blockId}</Table.Td>
                <Table.Td>{b.clicks}</Table.Td>
                <Table.Td>{b.signups}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
