import { SITE_PATHS } from './paths';
import { SiteListPage } from './site-list-page';

export default function BannersPage() {
  return (
    <SiteListPage
      resource="site/banners"
      title="Home banners"
      description="The hero slides of the website's pages."
      createPath={SITE_PATHS.addBanner}
      editPath={SITE_PATHS.editBanner}
    />
  );
}
