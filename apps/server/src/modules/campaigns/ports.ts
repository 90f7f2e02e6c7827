import type { FastifyInstance } from 'fastify';
import type { Db, Scope } from '../../kernel/resources';
import type { SendingContacts } from './contacts';
import { bindCredits } from './engine/jobs';
import { bindContacts } from './engine/lifecycle';

/**
 * Billing's `quotas` (the agreed interface; billing lands in parallel, so its Ports entry may not be
 * declared in this build): message credits taken in the claim's transaction.
 */
interface QuotaService {
  consume(tx: Db, scope: Scope, key: string, amount: number): Promise<void>;
}

/** Binds the engine to marketing's `contacts` port (its `sending` side) and, when present, billing's quotas. */
export function bindPorts(app: FastifyInstance) {
  bindContacts((a) => {
    const sending: SendingContacts | undefined = a.ports.get('contacts').sending;
    if (!sending) throw new Error("campaigns: the contacts port offers no 'sending' side");
    return sending;
  });
  bindCredits((a) => {
    const quotas = (a.ports as unknown as { find(name: string): QuotaService | undefined }).find('quotas');
    if (!quotas) return undefined;
    return (tx, tenantId, key, amount) =>
      quotas.consume(tx, { db: a.db, tenantId, actor: { id: null, name: 'Campaign send' } }, key, amount);
  });
  void app;
}
