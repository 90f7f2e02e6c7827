import { SiteScreen } from './site-screen';

export default function InvestorSubcategoriesPage() {
  return (
    <SiteScreen resource="site/investor-subcategories" title="Investor subcategories" description="Each belongs to an investor category." />
  );
}
