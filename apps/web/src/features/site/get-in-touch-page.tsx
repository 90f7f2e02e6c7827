import { InboundScreen } from './inbound';

export default function GetInTouchPage() {
  return (
    <InboundScreen
      resource="site/get-in-touch-messages"
      title="Get in touch"
      description="Messages from the website's get-in-touch form."
    />
  );
}
