import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from './page-header';

export interface PageTab {
  value: string;
  label: string;
  content: ReactNode;
}

export interface TabbedPageProps {
  title: string;
  description?: ReactNode;
  /** The first is open when the URL names none. */
  tabs: PageTab[];
  /** Switching tabs replaces the history entry instead of adding one. */
  replace?: boolean;
}

/** A page of tabs, the open one in the URL (`?tab=`, absent for the first); a tab starts clean when another opens. */
export function TabbedPage({ title, description, tabs, replace }: TabbedPageProps) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((t) => t.value === params.get('tab')) ?? tabs[0];
  return (
    <>
      <PageHeader title={title} description={description} />
      <Tabs value={current.value} onChange={(v) => v && setParams(v === tabs[0].value ? {} : { tab: v }, { replace })} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            {t.content}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
