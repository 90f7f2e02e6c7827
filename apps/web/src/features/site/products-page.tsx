import { SITE_PATHS } from './paths';
import { SiteListPage } from './site-list-page';

export default function ProductsPage() {
  return (
    <SiteListPage
      resource="site/products"
      title="Product pages"
      description="Products presented on your website (details, images, enquiries); what the shop sells is under Shop → Products for sale."
      createPath={SITE_PATHS.addProduct}
      editPath={SITE_PATHS.editProduct}
    />
  );
}
