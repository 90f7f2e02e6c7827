import { SiteScreen } from './site-screen';

export default function ProductCategoriesPage() {
  return <SiteScreen resource="site/product-categories" title="Product categories" description="The top level of the product catalogue." />;
}
