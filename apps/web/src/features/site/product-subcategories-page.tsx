import { SiteScreen } from './site-screen';

export default function ProductSubcategoriesPage() {
  return (
    <SiteScreen resource="site/product-subcategories" title="Product subcategories" description="Each belongs to a product category." />
  );
}
