import { OrderPanel } from './order-panel';
import { RecordPanelScreen } from './record-panel-screen';

/** Orders: the kit's list with status tabs; an order opens as its page (customer, addresses, payment, lines, refunds, dispatch, timeline). */
export default function OrdersPage() {
  return <RecordPanelScreen resource="commerce/orders" panel={(row, meta) => <OrderPanel id={row.id} meta={meta} />} />;
}
