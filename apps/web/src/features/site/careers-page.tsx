import { InboundScreen } from './inbound';

export default function CareersPage() {
  return (
    <InboundScreen
      resource="site/career-applications"
      title="Job applications"
      description="Job applications from the careers page, with their CVs."
    />
  );
}
