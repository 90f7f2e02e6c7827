import type { FastifyInstance } from 'fastify';
import { createQuotaService, type QuotaService } from './service';

const services = new WeakMap<FastifyInstance, QuotaService>();

/** The app's quota service (one per app). */
export function quotasOf(app: FastifyInstance): QuotaService {
  let service = services.get(app);
  if (!service) {
    service = createQuotaService(app);
    services.set(app, service);
  }
  return service;
}
