import { lazy } from 'react';
import { useCurrentScreen } from '../../../app/current-screen';
import type { CreateViewProps, ListView, RecordViewProps } from '../../../kit/list-view';
import { ResourceScreen } from '../../../kit/resource-screen';
import { CatalogueCsvActions } from './catalogue-csv';

// The editor (variations grid, gallery, rich text) loads when a product is opened, not with the list.
const ProductEditor = lazy(() => import('./product-editor'));

/** A product opens on a page of its own, in the product editor; New and Duplicate (a copy) too. */
const view: ListView = {
  page: true,
  duplicate: true,
  record: (props: RecordViewProps) => <ProductEditor {...props} />,
  create: (props: CreateViewProps) => <ProductEditor {...props} />,
};

/** Shop products: the kit's list, with the catalogue's price-and-stock spreadsheet (one row per variation); a row, New and Duplicate open the product editor. */
export default function ProductsPage() {
  const screen = useCurrentScreen();
  return (
    <ResourceScreen
      resource="commerce/products"
      title={screen.label}
      description={screen.description}
      actions={<CatalogueCsvActions />}
      view={view}
    />
  );
}
