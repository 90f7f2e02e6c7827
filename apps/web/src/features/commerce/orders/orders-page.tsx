import { OrderPanel } from './order-panel';
import { RecordPanelScreen } from './record-panel-screen';

/** Orders: the kit's list with status tabs; an order opens as its page (lines, totals, actions, dispatches, timeline). */
export default function OrdersPage() {
  return <RecordPanelScreen resource="commerce/orders" panel={(row) => <OrderPanel id={row.id} />} />;
}
