import type { GatewayKind } from '../tables';
import { offlineProvider } from './offline';
import { payuProvider } from './payu';
import { razorpayProvider } from './razorpay';
import { stripeProvider } from './stripe';
import type { PaymentProvider, ProviderOptions } from './types';

/** One provider per kind, behind the one interface. */
export function createProviders(options: ProviderOptions): Record<GatewayKind, PaymentProvider> {
  return {
    razorpay: razorpayProvider(options),
    payu: payuProvider(options),
    stripe: stripeProvider(options),
    cod: offlineProvider('cod'),
    bank_transfer: offlineProvider('bank_transfer'),
  };
}
export type * from './types';
