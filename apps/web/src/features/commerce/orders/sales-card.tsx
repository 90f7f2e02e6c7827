import '@mantine/dates/styles.css';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { request } from '../../../api/client';
import { DayChart } from '../../../kit/day-chart';
import { formatMoney } from '../../../kit/money';
import { SegmentedChoice } from '../../../kit/segmented-choice';

/** The range picker, loaded after the card has drawn (its calendar is only for a custom range). */
const DatePickerInput = lazy(() => import('@mantine/dates').then(({ DatePickerInput }) => ({ default: DatePickerInput<'range'> })));

interface Totals {
  revenue: number;
  orders: number;
  averageOrderValue: number;
  placed: number;
  visitors: number;
  views: number;
  conversionRate: number | null;
}
export interface Metrics {
  currency: string;
  timeZone: string;
  current: { from: string; to: string; totals: Totals; days: { day: string; revenue: number; orders: number; visitors: number }[] };
  previous: { from: string; to: string; totals: Totals };
}

/** The browser's time zone: the days of the numbers are the owner's days. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const dayOf = (d: Date) => {
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
};
const daysAgo = (n: number) => dayOf(new Date(Date.now() - n * 86_400_000));
const PRESETS: Record<string, () => [string, string]> = {
  '7': () => [daysAgo(6), daysAgo(0)],
  '30': () => [daysAgo(29), daysAgo(0)],
  '90': () => [daysAgo(89), daysAgo(0)],
};

export const getMetrics = (from: string, to: string) =>
  request<{ data: Metrics }>('GET', `/api/v1/commerce/metrics?${new URLSearchParams({ from, to, tz: TIME_ZONE })}`).then((r) => r.data);

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const axisMoney = (n: number) => compact.format(n);
const REVENUE_SERIES = [{ key: 'revenueMajor', label: 'Revenue', color: 'var(--mantine-color-pink-6)' }];
const TRAFFIC_SERIES = [
  { key: 'visitors', label: 'Visitors', color: 'var(--mantine-color-blue-6)' },
  { key: 'orders', label: 'Paid orders', color: 'var(--mantine-color-teal-6)' },
];

const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const shortDay = (day: string) => dayMonth.format(new Date(`${day}T12:00:00`));

/** The change from the previous period, as "+12 %" (null when there was nothing to compare with). */
function change(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

const Tile = memo(function Tile({
  label,
  value,
  delta,
  previous,
}: {
  label: string;
  value: string | null;
  delta: number | null;
  previous: string | null;
}) {
  const up = (delta ?? 0) >= 0;
  return (
    <Paper withBorder radius="md" p="sm" mih={92} data-testid={`metric-${label}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === null ? (
        <Skeleton h={26} mt={6} w="70%" />
      ) : (
        <Text fz={22} fw={700} lh={1.3}>
          {value}
        </Text>
      )}
      <Group gap={4} mih={18} wrap="nowrap">
        {delta !== null && (
          <Text size="xs" c={up ? 'teal' : 'red'} fw={600} span>
            {up ? <IconArrowUpRight size={12} aria-hidden /> : <IconArrowDownRight size={12} aria-hidden />}
            {`${up ? '+' : ''}${delta} %`}
          </Text>
        )}
        {previous !== null && (
          <Text size="xs" c="dimmed" truncate span>
            vs {previous}
          </Text>
        )}
      </Group>
    </Paper>
  );
});

/**
 * The dashboard's lead: what the shop sold in a range of days (revenue, paid orders, average order
 * value, storefront visitors, conversion), each beside the period before, and the days as charts.
 * Every part keeps its size while loading, so nothing below it moves.
 */
export default function SalesCard() {
  const [preset, setPreset] = useState<string>('30');
  const [range, setRange] = useState<[string, string]>(PRESETS['30']);
  const metrics = useQuery({
    queryKey: ['commerce-metrics', range[0], range[1]],
    queryFn: () => getMetrics(range[0], range[1]),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const m = metrics.data;
  const money = (n: number) => formatMoney(n, m?.currency ?? 'INR');
  const now = m?.current.totals;
  const before = m?.previous.totals;
  const percent = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n} %`);
  const tiles = [
    {
      label: 'Revenue',
      value: now && money(now.revenue),
      delta: now && before ? change(now.revenue, before.revenue) : null,
      previous: before ? money(before.revenue) : null,
    },
    {
      label: 'Orders',
      value: now && now.orders.toLocaleString(),
      delta: now && before ? change(now.orders, before.orders) : null,
      previous: before ? before.orders.toLocaleString() : null,
    },
    {
      label: 'Average order',
      value: now && money(now.averageOrderValue),
      delta: now && before ? change(now.averageOrderValue, before.averageOrderValue) : null,
      previous: before ? money(before.averageOrderValue) : null,
    },
    {
      label: 'Visitors',
      value: now && now.visitors.toLocaleString(),
      delta: now && before ? change(now.visitors, before.visitors) : null,
      previous: before ? before.visitors.toLocaleString() : null,
    },
    {
      label: 'Conversion',
      value: now ? percent(now.conversionRate) : null,
      delta: null,
      previous: before ? percent(before.conversionRate) : null,
    },
  ];
  const days = useMemo(
    () => (m?.current.days ?? []).map((d) => ({ ...d, label: shortDay(d.day), revenueMajor: d.revenue / 100 })),
    [m?.current.days],
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sales-title">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="sales-title">
          Sales
        </Title>
        <Group gap="xs">
          <SegmentedChoice
            label="Period"
            value={preset}
            onChange={(value) => {
              setPreset(value);
              const make = PRESETS[value];
              if (make) setRange(make());
            }}
            data={[
              { value: '7', label: '7 days' },
              { value: '30', label: '30 days' },
              { value: '90', label: '90 days' },
              { value: 'custom', label: 'Custom' },
            ]}
          />
          <Suspense fallback={<div style={{ width: 220, height: 30 }} />}>
            <DatePickerInput
              type="range"
              size="xs"
              w={220}
              allowSingleDateInRange
              maxDate={daysAgo(0)}
              value={range}
              valueFormat="D MMM YYYY"
              onChange={([from, to]) => {
                if (from && to) {
                  setPreset('custom');
                  setRange([from.slice(0, 10), to.slice(0, 10)]);
                }
              }}
            />
          </Suspense>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb="sm" mih={18}>
        {m
          ? `Compared with ${shortDay(m.previous.from)} – ${shortDay(m.previous.to)}. Revenue is what paid orders brought, less refunds.`
          : ''}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" mb="md">
        {tiles.map((tile) => (
          <Tile key={tile.label} label={tile.label} value={tile.value ?? null} delta={tile.delta} previous={tile.previous} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Revenue per day ({m?.currency ?? '…'})
          </Text>
          {m ? (
            // A chart's name on a figure around it.
            <figure aria-label="Revenue per day" style={{ margin: 0 }}>
              <DayChart
                kind="bar"
                h={220}
                data={days}
                dataKey="label"
                series={REVENUE_SERIES}
                xAxisLabel="Day"
                yAxisLabel={`Revenue (${m.currency})`}
                valueFormatter={axisMoney}
              />
            </figure>
          ) : (
            <Skeleton h={220} />
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Visitors and orders per day
          </Text>
          {m ? (
            <figure aria-label="Visitors and paid orders per day" style={{ margin: 0 }}>
              <DayChart
                kind="line"
                h={220}
                data={days}
                dataKey="label"
                series={TRAFFIC_SERIES}
                xAxisLabel="Day"
                yAxisLabel="Count"
                withLegend
                withDots={days.length <= 31}
              />
            </figure>
          ) : (
            <Skeleton h={220} />
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
