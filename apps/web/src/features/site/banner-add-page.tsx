import { SITE_PATHS } from './paths';
import { RecordPage } from './record-page';

export default function AddBannerPage() {
  return <RecordPage resource="site/banners" mode="create" listPath={SITE_PATHS.banners} listLabel="Back to banners" />;
}
