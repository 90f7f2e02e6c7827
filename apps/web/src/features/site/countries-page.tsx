import { SiteScreen } from './site-screen';

export default function CountriesPage() {
  return <SiteScreen resource="site/countries" title="Countries" description="Countries the website forms and offices use." />;
}
