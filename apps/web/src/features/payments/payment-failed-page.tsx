import { PaymentOutcome } from './payment-outcome';

export default function PaymentFailedPage() {
  return <PaymentOutcome expected="failed" />;
}
