import type { GatewayKind } from '../tables';
import type { PaymentProvider } from './types';

/**
 * Cash on delivery and bank transfer: no gateway to call. The transaction waits as `created` until
 * an admin marks it as paid (audited); refunds are recorded by hand.
 */
export function offlineProvider(kind: Extract<GatewayKind, 'cod' | 'bank_transfer'>): PaymentProvider {
  return {
    kind,
    async createOrder(account, request) {
      return {
        gatewayOrderId: `${kind}-${request.transactionId}`,
        raw: null,
        checkout: { type: 'offline', instructions: account.instructions },
      };
    },
    async testConnection() {
      return { ok: true, message: 'Nothing to connect to: payments are confirmed by hand' };
    },
  };
}
