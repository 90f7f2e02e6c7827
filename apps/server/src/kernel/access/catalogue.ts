import type { AuthContext } from '../auth/context';
import type { AppModule } from '../module';
import { can } from './check';
import type { Level, ModuleKey, Permissions } from './modules';

export interface DeclaredPermissionModule {
  key: ModuleKey;
  label: string;
  area: string;
  starter?: 'content';
  /** The app module that declared it. */
  module: string;
}

/**
 * The permission modules the running app's modules declare, validated once at start: module keys
 * and permission module keys are unique, and every resource names a declared permission module.
 */
export class ModuleCatalogue {
  readonly permissionModules: DeclaredPermissionModule[];
  private readonly byKey: Map<ModuleKey, DeclaredPermissionModule>;

  constructor(readonly modules: AppModule[]) {
    const moduleKeys = new Set<string>();
    this.byKey = new Map();
    for (const m of modules) {
      if (moduleKeys.has(m.key)) throw new Error(`Module ${m.key} is declared twice`);
      moduleKeys.add(m.key);
      for (const p of m.permissionModules ?? []) {
        const owner = this.byKey.get(p.key);
        if (owner) throw new Error(`Permission module ${p.key} is declared by both ${owner.module} and ${m.key}`);
        this.byKey.set(p.key, { key: p.key, label: p.label, area: p.area ?? m.area, starter: p.starter, module: m.key });
      }
    }
    this.permissionModules = [...this.byKey.values()];
    for (const m of modules) {
      for (const r of m.resources ?? []) {
        if (!this.byKey.has(r.module))
          throw new Error(`Resource ${r.path} (module ${m.key}) names undeclared permission module ${r.module}`);
      }
    }
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The permission module's label (its key when undeclared). */
  label(key: string): string {
    return this.byKey.get(key)?.label ?? key;
  }

  /** Throws unless `permission` (`key:level`) names a declared permission module. */
  assertPermission(permission: string, where: string): void {
    const [key, level] = permission.split(':');
    if (!this.byKey.has(key) || (level !== 'read' && level !== 'write')) {
      throw new Error(`${where} requires ${permission}, which names no declared permission module`);
    }
  }

  /** A new community's starter roles: Editor writes and Viewer reads every 'content' module. */
  starterPermissions(level: Level): Permissions {
    return Object.fromEntries(this.permissionModules.filter((p) => p.starter === 'content').map((p) => [p.key, level]));
  }

  /** GET /api/v1/meta/modules: each module with its permission modules and what `auth` holds. */
  describe(auth: AuthContext) {
    return this.modules
      .filter((m) => (m.permissionModules ?? []).length > 0)
      .map((m) => ({
        key: m.key,
        label: m.label,
        area: m.area,
        permissionModules: (m.permissionModules ?? []).map((p) => ({
          key: p.key,
          label: p.label,
          area: p.area ?? m.area,
          read: can(auth, p.key, 'read'),
          write: can(auth, p.key, 'write'),
        })),
      }));
  }
}

let installed: ModuleCatalogue | null = null;

/** Makes `catalogue` the one permission-module checks read (every app of a process has the same modules). */
export function installCatalogue(catalogue: ModuleCatalogue): void {
  installed = catalogue;
}

/** The running app's catalogue (after start). */
export function moduleCatalogue(): ModuleCatalogue {
  if (!installed) throw new Error('No module catalogue: build the app first');
  return installed;
}
