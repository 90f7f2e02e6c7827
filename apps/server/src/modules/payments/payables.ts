import type { FastifyInstance } from 'fastify';
import type { Db, Scope } from '../../kernel/resources';
import type { PaymentTransaction } from './ledger';

/** What a payment is for, as its module describes it (read in the payment's transaction). */
export interface PayableDescription {
  /** In the currency's minor unit (paise, cents). */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Our reference shown to the payer and sent as the gateway's receipt (an order number). */
  reference: string;
  description?: string;
  customer: { name?: string; email?: string; phone?: string };
  /** `open` may be paid; `paid` and `closed` (cancelled) refuse a new payment. */
  state: 'open' | 'paid' | 'closed';
}

/** The tenant transaction a callback runs in, on whose behalf (a visitor's callback has no actor), and the app (its jobs, ports). */
export interface PayableContext {
  tx: Db;
  scope: Scope;
  app: FastifyInstance;
}

/**
 * A kind of thing that can be paid, contributed by the module that owns it (`commerce-order`,
 * `billing-charge`) to payments' `payables` list, so payments never names it. Callbacks run inside the ledger's transaction,
 * with the payment's row locked: `onPaid` is called once per captured payment and must not move
 * a paid record backwards; `onRefunded` once per refund recorded.
 */
export interface PayableKind {
  kind: string;
  label: string;
  describe(ctx: PayableContext, id: string): Promise<PayableDescription | null>;
  onPaid(ctx: PayableContext, id: string, transaction: PaymentTransaction): Promise<void>;
  onRefunded?(
    ctx: PayableContext,
    id: string,
    transaction: PaymentTransaction,
    refund: { amountMinor: number; full: boolean },
  ): Promise<void>;
}

const KIND = /^[a-z][a-z0-9-]{1,62}$/;

/** The payable kinds of the running app: every module's contributions, checked when payments is made at start. */
export class PayableRegistry {
  private readonly kinds = new Map<string, PayableKind>();

  constructor(payables: readonly PayableKind[]) {
    for (const payable of payables) {
      if (!KIND.test(payable.kind)) throw new Error(`Payable kind ${payable.kind} is not a lowercase key`);
      if (this.kinds.has(payable.kind)) throw new Error(`Payable kind ${payable.kind} is contributed twice`);
      this.kinds.set(payable.kind, payable);
    }
  }

  get(kind: string): PayableKind | undefined {
    return this.kinds.get(kind);
  }

  list(): PayableKind[] {
    return [...this.kinds.values()];
  }
}
