import type { ListView } from '../kit/list-view';
import { ResourceScreen } from '../kit/resource-screen';
import { SettingsScreen } from '../kit/settings-screen';
import { TabbedPage } from '../kit/tabbed-page';
import { useCurrentScreen } from './current-screen';

/**
 * The kit's screen of an entry that names its resource (or tabs of several): the list, and the record
 * open in `?record=<id>`; `views` are the entry's own parts (its `view`, then each tab's), loaded with it.
 */
export default function ResourceRoute({ views }: { views: (ListView | undefined)[] }) {
  const screen = useCurrentScreen();
  const [view, ...tabViews] = views;
  if (screen.tabs)
    return (
      <TabbedPage
        title={screen.label}
        description={screen.description}
        tabs={screen.tabs.map((tab, i) => ({
          value: tab.value,
          label: tab.label,
          content: <ResourceScreen resource={tab.resource} readOnly={tab.readOnly} view={tabViews[i]} embedded />,
        }))}
      />
    );
  if (!screen.resource) throw new Error(`The screen ${screen.path} names no resource`);
  if (screen.settings) return <SettingsScreen resource={screen.resource} title={screen.label} description={screen.description} />;
  return (
    <ResourceScreen
      resource={screen.resource}
      title={screen.label}
      description={screen.description}
      readOnly={screen.readOnly}
      view={view}
    />
  );
}
