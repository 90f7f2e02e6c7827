import type { FastifyInstance } from 'fastify';
// TEMPORARY until the kit's module ports land: a direct import (replaced by app.ports.get('contacts').sending).
import { createSendingService } from '../marketing/port';
import type { SendingContacts } from './contacts';
import { bindCredits } from './engine/jobs';
import { bindContacts } from './engine/lifecycle';

export function bindPorts(_app: FastifyInstance) {
  const services = new WeakMap<FastifyInstance, SendingContacts>();
  bindContacts((app) => {
    let s = services.get(app);
    if (!s) services.set(app, (s = createSendingService(app) as SendingContacts));
    return s;
  });
  bindCredits(() => undefined);
}
