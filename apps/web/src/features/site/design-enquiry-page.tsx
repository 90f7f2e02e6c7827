import { InboundScreen } from './inbound';

export default function DesignEnquiryPage() {
  return (
    <InboundScreen
      resource="site/design-support-requests"
      title="Design enquiries"
      description="Requests for help from the design team, sent from the website."
    />
  );
}
