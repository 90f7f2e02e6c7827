import { SiteScreen } from './site-screen';

export default function EventsPage() {
  return (
    <SiteScreen resource="site/events" title="Events" description="Exhibitions, launches and dealer meets; photos from past events." />
  );
}
