import { useCurrentScreen } from '../../../app/current-screen';
import { SettingsScreen } from '../../../kit/settings-screen';
import { TaxClassInput } from './tax-class-input';

/** The shipping's tax class is picked from the shop's classes, like a product's. */
const WIDGETS = { shippingTaxClass: TaxClassInput };

/** Shop settings: the kit's settings form, with the tax class as a picker. */
export default function ShopSettingsPage() {
  const screen = useCurrentScreen();
  return <SettingsScreen resource="commerce/settings" title={screen.label} description={screen.description} widgets={WIDGETS} />;
}
