import type { FastifyInstance } from 'fastify';
import type { PermissionModule } from './access/modules';
import type { Scope } from './auth/context';
import type { CompatEntry } from './compat/types';
import type { JobHandler } from './jobs/jobs';
import type { ContactIntake, ContactSource } from './resources/contact-sources';
import type { Resource } from './resources/resource';

/**
 * A module (the kernel's own, or a business area) declares itself once: its permission modules,
 * resources, bespoke routes, compat lines, jobs and sample data. The app lists modules; the kernel
 * lists none.
 */
export interface AppModule {
  /** Unique key, e.g. `site`. */
  key: string;
  label: string;
  /** The console area it belongs to, e.g. `site` or `settings`. */
  area: string;
  /** The permission modules it owns (its resources and routes may name only declared ones). */
  permissionModules?: PermissionModule[];
  resources?: Resource[];
  routes?: (app: FastifyInstance) => void | Promise<void>;
  compat?: CompatEntry[];
  /** Background jobs by name (`<module>.<job>`), registered before the queue starts. */
  jobs?: Record<string, JobHandler<any>>;
  /** Records of this module that are people the community may market to (the contacts sync reads them). */
  contactSources?: ContactSource[];
  /** Set by the one module that keeps the community's contacts: how other modules hand a person over. */
  contactIntake?: ContactIntake;
  /** Sample data for a new demo community (the resources' examples are seeded before this). */
  seed?: (app: FastifyInstance, scope: Scope) => Promise<void>;
}

/** Declares a module (typed; no behaviour of its own). */
export const defineModule = (module: AppModule): AppModule => module;

/** A part of a module in its own folder (marketing's contacts, the shop's catalogue): what it declares. */
export type ModulePart = Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'>;

/**
 * A module's parts joined into what the module declares, in the order given (a part whose records
 * others point at comes first: its resources, routes and sample data go first).
 */
export function joinParts(parts: ModulePart[]): Required<ModulePart> {
  return {
    resources: parts.flatMap((p) => p.resources ?? []),
    compat: parts.flatMap((p) => p.compat ?? []),
    jobs: Object.assign({}, ...parts.map((p) => p.jobs ?? {})),
    routes: async (app) => {
      for (const part of parts) await part.routes?.(app);
    },
    seed: async (app, scope) => {
      for (const part of parts) await part.seed?.(app, scope);
    },
  };
}
