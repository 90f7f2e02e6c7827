import { useCurrentScreen } from '../../../app/current-screen';
import { ResourceScreen } from '../../../kit/resource-screen';
import { CatalogueCsvActions } from './catalogue-csv';
import { CATALOGUE_PATHS } from './paths';

/** Shop products: the kit's list, with the catalogue's price-and-stock spreadsheet (one row per variation); a row, New and Duplicate open the product page. */
export default function ProductsPage() {
  const screen = useCurrentScreen();
  return (
    <ResourceScreen
      resource="commerce/products"
      title={screen.label}
      description={screen.description}
      actions={<CatalogueCsvActions />}
      editor={CATALOGUE_PATHS.newProduct}
    />
  );
}
