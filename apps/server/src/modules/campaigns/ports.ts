import type { FastifyInstance } from 'fastify';
import type { SendingContacts } from './contacts';
import { bindCredits } from './engine/jobs';
import { bindContacts } from './engine/lifecycle';

/**
 * Binds the engine to marketing's `contacts` port (its `sending` side) and, when a module provides
 * it, the `quotas` port (billing): message credits taken in the claim's transaction. Both are read
 * from the kernel's port registry, typed by its `Ports` (kernel/ports.ts, kernel/resources/meters.ts),
 * so nothing here repeats another module's shapes.
 */
export function bindPorts(app: FastifyInstance) {
  bindContacts((a) => {
    const sending: SendingContacts | undefined = a.ports.get('contacts').sending;
    if (!sending) throw new Error("campaigns: the contacts port offers no 'sending' side");
    return sending;
  });
  bindCredits((a) => {
    const quotas = a.ports.find('quotas');
    if (!quotas) return undefined;
    return (tx, tenantId, key, amount) =>
      quotas.consume(tx, { db: a.db, tenantId, actor: { id: null, name: 'Campaign send' } }, key, amount);
  });
  void app;
}
