import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useCurrentScreen } from '../../../app/current-screen';
import { PageHeader } from '../../../kit/page-header';
import { ResourceScreen } from '../../../kit/resource-screen';
import { AudiencesTab } from './audiences-tab';
import { SegmentsTab } from './segments-tab';

const TABS = [
  { value: 'segments', label: 'Segments' },
  { value: 'audiences', label: 'Audiences' },
  { value: 'types', label: 'Segment types' },
] as const;

/** Segments and audiences under one route, one tab each (?tab=). */
export default function SegmentPage() {
  const screen = useCurrentScreen();
  const [params, setParams] = useSearchParams();
  const current = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'segments';
  return (
    <>
      <PageHeader title={screen.label} description={screen.description} />
      <Tabs value={current} onChange={(v) => v && setParams(v === 'segments' ? {} : { tab: v })} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="segments">
          <SegmentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="audiences">
          <AudiencesTab />
        </Tabs.Panel>
        <Tabs.Panel value="types">
          <ResourceScreen resource="marketing/segment-types" embedded />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
