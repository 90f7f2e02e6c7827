import { ResourceScreen } from '../kit/resource-screen';
import { SettingsScreen } from '../kit/settings-screen';
import { useCurrentScreen } from './current-screen';

/** A plain resource screen: the kit's list and drawer (or the one record's form) for the resource its screen-table entry names. */
export default function ResourceRoute() {
  const screen = useCurrentScreen();
  if (!screen.resource) throw new Error(`The screen ${screen.path} names no resource`);
  if (screen.settings) return <SettingsScreen resource={screen.resource} title={screen.label} description={screen.description} />;
  return <ResourceScreen resource={screen.resource} title={screen.label} description={screen.description} />;
}
