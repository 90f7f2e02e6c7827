import { SITE_PATHS } from './paths';
import { SiteListPage } from './site-list-page';

export default function ProductsPage() {
  return (
    <SiteListPage
      resource="site/products"
      title="Products"
      description="The product catalogue: open a product to edit its details, images and variants."
      createPath={SITE_PATHS.addProduct}
      editPath={SITE_PATHS.editProduct}
    />
  );
}
