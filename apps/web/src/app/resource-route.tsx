import { ResourceScreen } from '../kit/resource-screen';
import { useCurrentScreen } from './current-screen';

/** A plain resource screen: the kit's list and drawer for the resource its screen-table entry names. */
export default function ResourceRoute() {
  const screen = useCurrentScreen();
  if (!screen.resource) throw new Error(`The screen ${screen.path} names no resource`);
  return <ResourceScreen resource={screen.resource} title={screen.label} description={screen.description} />;
}
