import { SiteScreen } from './site-screen';

export default function StatesPage() {
  return <SiteScreen resource="site/states" title="States" description="Each state belongs to a country." />;
}
