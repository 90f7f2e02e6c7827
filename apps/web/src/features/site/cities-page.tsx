import { CountryStateWidget } from './geo';
import { SiteScreen } from './site-screen';

const widgets = { stateId: CountryStateWidget };

/** Cities: the form picks the country, then one of its states. */
export default function CitiesPage() {
  return (
    <SiteScreen
      resource="site/cities"
      title="Cities"
      description="Each city belongs to a state; choose the country first."
      widgets={widgets}
    />
  );
}
