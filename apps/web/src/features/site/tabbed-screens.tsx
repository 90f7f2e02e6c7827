import type { ResourceScreenProps } from '../../kit/resource-screen';
import { TabbedPage } from '../../kit/tabbed-page';
import { SiteScreen } from './site-screen';

export interface TabbedScreensProps {
  title: string;
  description?: React.ReactNode;
  tabs: { value: string; label: string; screen: ResourceScreenProps }[];
}

/** Several related website resources under one route, one tab each (?tab=); a tab's list state resets when another opens. */
export function TabbedScreens({ title, description, tabs }: TabbedScreensProps) {
  return (
    <TabbedPage
      title={title}
      description={description}
      tabs={tabs.map((t) => ({ value: t.value, label: t.label, content: <SiteScreen {...t.screen} embedded /> }))}
    />
  );
}
