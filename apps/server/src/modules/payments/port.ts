import type { Db, Scope } from '../../kernel/resources';
import type { PayablePayment, PaymentTransaction } from './ledger';
import type { PayableKind } from './payables';
import type { Started, StartInput } from './service';
import type { TransactionStatus } from './tables';

// What payments offers other areas (kernel/ports.ts). A module whose records can be paid (a shop
// order, a billing charge) contributes its payable kind to `payables` and requires `payments`; it
// then starts, records and refunds payments of its records through the port, and reads their
// ledger rows through it, never the ledger's tables. Types reach it through `Ports['payments']`
// and `Contributions['payables']` (a module imports no other module's files).

/** A payable record: its kind (a contributed `payables` item) and id. */
export interface PayableRef {
  kind: string;
  id: string;
}

/** The `payments` port. */
export interface PaymentsPort {
  /**
   * Starts a payment of a payable through the community's gateway (the payable's own `describe`
   * says how much): the ledger's `created` row, then the gateway's order, outside any transaction.
   */
  start(scope: Scope, input: StartInput): Promise<Started>;
  /** A full or partial refund of a captured payment through its gateway; the payable hears of it by `onRefunded`. */
  refund(scope: Scope, transactionId: string, amountMinor?: number): Promise<PaymentTransaction>;
  /** A payment recorded by hand in the caller's transaction (needs payments:write); the payable hears of it by `onPaid`. */
  recordOfflinePayment(tx: Db, scope: Scope, payable: PayableRef, note?: string): Promise<PaymentTransaction>;
  /** A payable's payments, oldest first, in the caller's transaction; with `statuses`, only those. */
  paymentsOf(tx: Db, tenantId: string, payable: PayableRef, statuses?: readonly TransactionStatus[]): Promise<PayablePayment[]>;
  /** Where a payer opens a started payment (the hosted pay page), relative to the server's public address. */
  payPath(community: string, transactionId: string): string;
}

declare module '../../kernel/ports' {
  interface Ports {
    payments: PaymentsPort;
  }
  interface Contributions {
    /** A module's kinds of record that can be paid (payments reads them once, at start). */
    payables: PayableKind;
  }
}
