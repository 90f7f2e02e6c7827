import { useCurrentScreen } from '../../../app/current-screen';
import { ResourceScreen } from '../../../kit/resource-screen';
import { NewOrExistingTaxClassInput } from './tax-class-input';

/** A rate's class is one of the shop's classes or a new one typed by name (the classes come from here). */
const WIDGETS = { taxClass: NewOrExistingTaxClassInput };

/** Tax rates: the kit's list and drawer, with the tax class as a picker. */
export default function TaxRatesPage() {
  const screen = useCurrentScreen();
  return <ResourceScreen resource="commerce/tax-rates" title={screen.label} description={screen.description} widgets={WIDGETS} />;
}
