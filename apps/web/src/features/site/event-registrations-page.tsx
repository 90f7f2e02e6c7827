import { InboundScreen } from './inbound';

export default function EventRegistrationsPage() {
  return (
    <InboundScreen
      resource="site/event-registrations"
      title="Event registrations"
      description="Visitors who registered for an event on the website."
    />
  );
}
