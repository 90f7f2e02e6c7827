import type { FastifyInstance } from 'fastify';
import type { PermissionModule } from './access/modules';
import type { Scope } from './auth/context';
import type { CompatEntry } from './compat/types';
import type { Subscribers } from './events/domain-events';
import type { ContributedItems, PortName, ProvidedPorts } from './ports';
import type { PublicForm } from './resources/public-form';
import type { Resource } from './resources/resource';
import type { DurableWorkflow } from './workflows/durable';

/** A module's background job: runs after the commit that queued it (or on its schedule), with the app. */
export type ModuleJobHandler<T = any> = (data: T, app: FastifyInstance) => Promise<void>;
/**
 * A background job: its handler, or the handler with how many of the job may run at once in one
 * process (default one; e.g. a campaign's senders, each working its own batches).
 */
export type ModuleJob<T = any> = ModuleJobHandler<T> | { run: ModuleJobHandler<T>; concurrency: number };

/**
 * A module (the kernel's own, or a business area) declares itself once: its permission modules,
 * resources, bespoke routes, compat lines, the ports it provides and requires (how areas use one
 * another), its lifecycle (jobs, schedules, subscribers, onStart) and sample data. The app lists
 * modules; the kernel lists none. Routes only serve requests: nothing that runs in the background is
 * registered inside `routes()`.
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
  /** Its public forms (`definePublicForm`): served at /public/<community>/<path>, each submission a `forms.submitted` event. */
  publicForms?: PublicForm[];
  /** Background jobs by name (`<module>.<job>`), registered before the queue starts. */
  jobs?: Record<string, ModuleJob>;
  /** Recurring jobs: a declared job's name → cron (five fields). pg-boss runs each occurrence in one process. */
  schedules?: Record<string, string>;
  /** Domain events this module reacts to (after the emitting write commits, once in effect; see kernel/events). */
  subscribers?: Subscribers;
  /** Its durable workflows (started with `startWorkflow`; the kernel drives and resumes their runs). */
  workflows?: DurableWorkflow<any, any>[];
  /** Runs as the app gets ready: before the queue starts, the sample data and the first request (e.g. registering with a service). */
  onStart?: (app: FastifyInstance) => void | Promise<void>;
  /** The services it offers other modules, by port name (kernel/ports.ts): each made once at start. */
  provides?: ProvidedPorts;
  /** The ports it cannot work without: the start refuses an installation where no module provides one. */
  requires?: readonly PortName[];
  /** Its items for lists other modules own (e.g. the people marketing may bring into its contacts). */
  contributes?: ContributedItems;
  /** Sample data for a new demo community (the resources' examples are seeded before this). */
  seed?: (app: FastifyInstance, scope: Scope) => Promise<void>;
}

/** Declares a module (typed; no behaviour of its own). */
export const defineModule = (module: AppModule): AppModule => module;

/** A part of a module in its own folder (marketing's contacts, the shop's catalogue): what it declares. */
export type ModulePart = Pick<
  AppModule,
  'resources' | 'compat' | 'publicForms' | 'routes' | 'jobs' | 'schedules' | 'subscribers' | 'workflows' | 'onStart' | 'seed'
>;

/**
 * A module's parts joined into what the module declares, in the order given (a part whose records
 * others point at comes first: its resources, routes and sample data go first). Two parts that
 * subscribe to one event both run, in order, in the delivery's one transaction.
 */
export function joinParts(parts: ModulePart[]): Required<ModulePart> {
  return {
    resources: parts.flatMap((p) => p.resources ?? []),
    compat: parts.flatMap((p) => p.compat ?? []),
    publicForms: parts.flatMap((p) => p.publicForms ?? []),
    jobs: joinUnique(
      'job',
      parts.map((p) => p.jobs ?? {}),
    ),
    schedules: joinUnique(
      'schedule',
      parts.map((p) => p.schedules ?? {}),
    ),
    subscribers: joinSubscribers(parts.map((p) => p.subscribers ?? {})),
    workflows: parts.flatMap((p) => p.workflows ?? []),
    routes: async (app) => {
      for (const part of parts) await part.routes?.(app);
    },
    onStart: async (app) => {
      for (const part of parts) await part.onStart?.(app);
    },
    seed: async (app, scope) => {
      for (const part of parts) await part.seed?.(app, scope);
    },
  };
}

function joinUnique<T>(what: string, maps: Record<string, T>[]): Record<string, T> {
  const joined: Record<string, T> = {};
  for (const map of maps) {
    for (const [name, value] of Object.entries(map)) {
      if (name in joined) throw new Error(`Two parts of a module declare the ${what} ${name}`);
      joined[name] = value;
    }
  }
  return joined;
}

function joinSubscribers(maps: Subscribers[]): Subscribers {
  const handlers = new Map<string, ((...args: any[]) => Promise<void>)[]>();
  for (const map of maps) {
    for (const [event, handler] of Object.entries(map)) {
      if (handler) handlers.set(event, [...(handlers.get(event) ?? []), handler as (...args: any[]) => Promise<void>]);
    }
  }
  const joined: Record<string, (...args: any[]) => Promise<void>> = {};
  for (const [event, list] of handlers) {
    joined[event] =
      list.length === 1
        ? list[0]
        : async (...args) => {
            for (const handler of list) await handler(...args);
          };
  }
  return joined as Subscribers;
}
