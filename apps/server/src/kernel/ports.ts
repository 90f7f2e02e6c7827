import type { FastifyInstance } from 'fastify';

/**
 * Module ports: how one area uses another without importing it.
 *
 * A module that offers a service names it here by declaration merging, in its own folder
 * (`modules/<area>/port.ts`), and provides it in its declaration:
 *
 *   declare module '../../kernel/ports' {
 *     interface Ports { contacts: ContactsPort }
 *   }
 *   defineModule({ key: 'marketing', provides: { contacts: (app) => contactsPort(app) }, … })
 *
 * Another module declares that it needs it (`requires: ['contacts']`; the start refuses when no
 * module provides it) and calls `app.ports.get('contacts')`, or calls `app.ports.find('contacts')`
 * when the service is optional (undefined when no module in this installation provides it).
 *
 * A module that collects a list from every module (people to market to, things that can be paid)
 * names the list's item type in `Contributions`; each module adds its items with
 * `contributes: { contactSources: […] }` and the owner reads `app.contributions('contactSources')`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging in the modules.
export interface Ports {}

// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging in the modules.
export interface Contributions {}

export type PortName = keyof Ports;
export type ContributionName = keyof Contributions;

/** What a module provides: each port's service, made once at start from the app. */
export type ProvidedPorts = { [K in PortName]?: (app: FastifyInstance) => Ports[K] };
/** What a module adds to lists other modules own. */
export type ContributedItems = { [K in ContributionName]?: readonly Contributions[K][] };

/** The part of a module declaration the port registry reads. */
export interface PortDeclaration {
  key: string;
  provides?: ProvidedPorts;
  requires?: readonly PortName[];
  contributes?: ContributedItems;
}

/** The running installation's ports (`app.ports`). */
export class PortRegistry {
  private readonly services = new Map<string, unknown>();
  private readonly providers: Map<string, string>;

  /**
   * Checks the declarations (each port provided by one module, each required port provided)
   * before anything is made, so a wrong installation stops at start with both modules named.
   */
  constructor(modules: readonly PortDeclaration[]) {
    this.providers = new Map();
    for (const module of modules) {
      for (const name of Object.keys(module.provides ?? {})) {
        const other = this.providers.get(name);
        if (other) throw new Error(`The port "${name}" is provided by two modules: ${other} and ${module.key}`);
        this.providers.set(name, module.key);
      }
    }
    for (const module of modules) {
      for (const name of module.requires ?? []) {
        if (!this.providers.has(name)) {
          throw new Error(`The module ${module.key} requires the port "${name}", which no module provides`);
        }
      }
    }
  }

  /** Makes every provided service, in module order (a provider may use ports made before its own). */
  make(modules: readonly PortDeclaration[], app: FastifyInstance): void {
    for (const module of modules) {
      for (const [name, factory] of Object.entries(module.provides ?? {})) {
        this.services.set(name, (factory as (app: FastifyInstance) => unknown)(app));
      }
    }
  }

  /** A port this module requires (declared in `requires`): always there once the app has started. */
  get<K extends PortName>(name: K): Ports[K] {
    const service = this.services.get(name);
    if (service === undefined) {
      const provider = this.providers.get(name);
      throw new Error(
        provider
          ? `The port "${name}" (module ${provider}) is used before the app made it`
          : `No module provides the port "${name}": declare it in requires, or use ports.find`,
      );
    }
    return service as Ports[K];
  }

  /** An optional port: undefined when no module of this installation provides it. */
  find<K extends PortName>(name: K): Ports[K] | undefined {
    return this.services.get(name) as Ports[K] | undefined;
  }

  /** The module that provides a port (for messages and the operations screens). */
  providerOf(name: PortName): string | undefined {
    return this.providers.get(name);
  }
}

/** Every module's items for one list, in module order. */
export function collectContributions<K extends ContributionName>(modules: readonly PortDeclaration[], name: K): Contributions[K][] {
  return modules.flatMap((m) => (m.contributes?.[name] ?? []) as Contributions[K][]);
}
