import { useCurrentScreen } from '../../app/current-screen';
import { SiteScreen } from './site-screen';

/** A plain website resource screen: the list and drawer of the resource its screen-table entry names. */
export default function PlainSiteScreen() {
  const screen = useCurrentScreen();
  if (!screen.resource) throw new Error(`The screen ${screen.path} names no resource`);
  return <SiteScreen resource={screen.resource} title={screen.label} description={screen.description} />;
}
