import { SiteScreen } from './site-screen';

export default function InvestorCategoriesPage() {
  return (
    <SiteScreen resource="site/investor-categories" title="Investor categories" description="Sections of the investor-relations page." />
  );
}
