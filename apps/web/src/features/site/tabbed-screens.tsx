import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import type { ResourceScreenProps } from '../../kit/resource-screen';
import { SiteScreen } from './site-screen';

export interface TabbedScreensProps {
  title: string;
  description?: React.ReactNode;
  tabs: { value: string; label: string; screen: ResourceScreenProps }[];
}

/** Several related resources under one route, one tab each (?tab=); a tab's list state resets when another opens. */
export function TabbedScreens({ title, description, tabs }: TabbedScreensProps) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((t) => t.value === params.get('tab')) ?? tabs[0];
  return (
    <>
      <PageHeader title={title} description={description} />
      <Tabs value={current.value} onChange={(v) => v && setParams(v === tabs[0].value ? {} : { tab: v })} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            <SiteScreen {...t.screen} embedded />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
