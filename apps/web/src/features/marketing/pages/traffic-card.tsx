import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { recordHref } from '../../../config/screen-types';
import { getTraffic, LANDING_ROUTE } from './pages-api';
import { DailyBars, Metric } from './stats-panel';

/**
 * The dashboard's landing-page card: visits (opens), signups and the conversion rate of the last 30
 * days as the public pages recorded them, the days as bars, and the pages opened most.
 */
export default function LandingTrafficCard() {
  const traffic = useQuery({ queryKey: ['landing-traffic', 30], queryFn: () => getTraffic(30) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Landing pages, last 30 days">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Landing pages · last 30 days
          </Title>
          <Anchor component={Link} to={LANDING_ROUTE} size="sm">
            All pages
          </Anchor>
        </Group>
        {!traffic.data ? (
          <Text c="dimmed">{traffic.isError ? 'The traffic could not be loaded.' : 'Loading traffic…'}</Text>
        ) : traffic.data.period.opens === 0 ? (
          <Text c="dimmed">No visits yet. Publish a landing page and share its address.</Text>
        ) : (
          <>
            <SimpleGrid cols={3} spacing="sm">
              <Metric label="Visits" value={traffic.data.period.opens.toLocaleString()} />
              <Metric label="Signups" value={traffic.data.period.signups.toLocaleString()} />
              <Metric label="Conversion" value={`${traffic.data.period.conversionRate} %`} />
            </SimpleGrid>
            <DailyBars days={traffic.data.days} />
            <Stack gap={4}>
              {traffic.data.pages.map((p) => (
                <Group key={p.id} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={recordHref(LANDING_ROUTE)(p.id)} size="sm" truncate>
                    {p.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {p.opens.toLocaleString()} visits · {p.conversionRate} %
                  </Text>
                </Group>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
