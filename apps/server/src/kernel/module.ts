import type { FastifyInstance } from 'fastify';
import type { Scope } from './auth/context';
import type { CompatEntry } from './compat/types';
import type { Resource } from './resources/resource';

/** A business area: its resources, bespoke routes, compat lines and sample data. */
export interface AppModule {
  name: string;
  resources?: Resource[];
  routes?: (app: FastifyInstance) => void | Promise<void>;
  compat?: CompatEntry[];
  /** Sample data for a new demo community (the resources' examples are seeded before this). */
  seed?: (app: FastifyInstance, scope: Scope) => Promise<void>;
}
