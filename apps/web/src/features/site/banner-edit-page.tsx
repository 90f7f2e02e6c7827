import { SITE_PATHS } from './paths';
import { RecordPage } from './record-page';

export default function EditBannerPage() {
  return <RecordPage resource="site/banners" mode="edit" listPath={SITE_PATHS.banners} listLabel="Back to banners" />;
}
