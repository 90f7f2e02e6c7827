/** Access surface: roles, permission modules and checks. */
export { moduleCatalogue } from './catalogue';
export { type Access, can } from './check';
export type { Level, ModuleKey, Permission, PermissionModule, Permissions } from './modules';
export { transferOwnership } from './ownership';
export { roles } from './tables';
