import { PaymentOutcome } from './payment-outcome';

export default function PaymentSuccessPage() {
  return <PaymentOutcome expected="success" />;
}
