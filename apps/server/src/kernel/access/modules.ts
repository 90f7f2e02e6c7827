/**
 * Permission modules. Each is declared by the module that owns it (`AppModule.permissionModules`);
 * the kernel declares only its own. A role grants each one 'read' or 'write' (write implies read);
 * anything unnamed is denied.
 */
export type Level = 'read' | 'write';
/** The key of a declared permission module, e.g. `site` or `role-management`. */
export type ModuleKey = string;
export type Permissions = Partial<Record<ModuleKey, Level>>;
/** A permission as routes name it: `site:write`. */
export type Permission = `${ModuleKey}:${Level}`;

export interface PermissionModule {
  key: ModuleKey;
  label: string;
  /** The console area it belongs to (groups it in the roles screen); defaults to its module's area. */
  area?: string;
  /**
   * What a new community's starter roles get: 'content' modules are written by the Editor role and
   * read by the Viewer role; others (settings, administration) are left to the owner.
   */
  starter?: 'content';
}
