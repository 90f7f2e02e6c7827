import { useCurrentScreen } from '../../../app/current-screen';
import { ResourceScreen } from '../../../kit/resource-screen';
import { OrderPanel } from './order-panel';

/** Orders: the kit's list with status tabs; an order opens as its page (lines, totals, actions, dispatches, timeline). */
export default function OrdersPage() {
  const screen = useCurrentScreen();
  return (
    <ResourceScreen
      resource="commerce/orders"
      title={screen.label}
      description={screen.description}
      readOnly
      renderRecord={(row) => <OrderPanel id={row.id} />}
    />
  );
}
