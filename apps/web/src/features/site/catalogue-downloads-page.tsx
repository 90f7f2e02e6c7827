import { InboundScreen } from './inbound';

export default function CatalogueDownloadsPage() {
  return (
    <InboundScreen
      resource="site/catalogue-downloads"
      title="Catalogue downloads"
      description="Who left their details to download a catalogue."
    />
  );
}
