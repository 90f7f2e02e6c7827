import { and, eq } from 'drizzle-orm';
import type { Scope } from '../auth/context';
import { revokeSessions } from '../auth/revoke';
import { users } from '../auth/tables';
import type { Db } from '../db/database';
import { AppError } from '../errors/app-error';
import { moduleCatalogue } from './catalogue';
import type { Level, ModuleKey, Permissions } from './modules';
import { roles } from './tables';

/**
 * Privilege rules: nobody grants, assigns or edits more than they hold, and the owner account is
 * changed only by the owner. A resource opts in by declaring what its records are (`PrivilegeRules`);
 * the resource pipeline calls `enforcePrivileges` before every create, update and delete.
 */
export interface PrivilegeRules {
  /** The record grants the permissions held in this column (a role). */
  grants?: string;
  /**
   * The record is an account: its role column, its owner flag, and the columns that are its
   * credentials (a change to any of them by anyone revokes the account's sessions).
   */
  account?: { role: string; owner: string; credentials: string[] };
}

/** What someone holds: everything (the owner) or a role's permissions. */
export type Holding = { all: true } | { all: false; permissions: Permissions };

const RANK: Record<Level, number> = { read: 1, write: 2 };

/** The modules where `granted` goes beyond `held`, with the level asked for. */
export function beyond(granted: Permissions, held: Holding): string[] {
  if (held.all) return [];
  const over: string[] = [];
  for (const [module, level] of Object.entries(granted) as [ModuleKey, Level][]) {
    const have = held.permissions[module];
    if (!have || RANK[have] < RANK[level]) over.push(`${module}:${level}`);
  }
  return over;
}

const label = (key: string) => {
  const [module, level] = key.split(':');
  return `${moduleCatalogue().label(module)} (${level})`;
};

export const privilegeErrors = {
  beyondOwn: (field: string, over: string[], what: string) =>
    new AppError(403, 'privilege_beyond_own', `You cannot ${what} more than you hold yourself: ${over.map(label).join(', ')}`, {
      [field]: `Beyond your own permissions: ${over.join(', ')}`,
    }),
  ownerOnly: () => new AppError(403, 'owner_only', 'Only the owner can change the owner account'),
  ownerProtected: () => new AppError(409, 'owner_protected', 'The community owner cannot be deleted; transfer ownership first'),
};

/** The permissions of a role (none for no role or an unknown one). */
export async function rolePermissions(tx: Db, tenantId: string, roleId: unknown): Promise<Permissions> {
  if (typeof roleId !== 'string') return {};
  const [row] = await tx
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)))
    .limit(1);
  return row?.permissions ?? {};
}

/**
 * What the actor holds now, read in the write's transaction (not from the session cache). An actor
 * without an account (a website visitor) or a disabled one holds nothing.
 */
export async function actorHolding(tx: Db, scope: Scope): Promise<Holding> {
  if (!scope.actor.id) return { all: false, permissions: {} };
  const [row] = await tx
    .select({ isOwner: users.isOwner, status: users.status, permissions: roles.permissions })
    .from(users)
    .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
    .where(and(eq(users.tenantId, scope.tenantId), eq(users.id, scope.actor.id)))
    .limit(1);
  if (!row || row.status !== 'active') return { all: false, permissions: {} };
  return row.isOwner ? { all: true } : { all: false, permissions: row.permissions ?? {} };
}

async function accountHolding(tx: Db, tenantId: string, rules: NonNullable<PrivilegeRules['account']>, record: Record<string, unknown>) {
  if (record[rules.owner] === true) return { all: true } as const;
  return { all: false, permissions: await rolePermissions(tx, tenantId, record[rules.role]) } as const;
}

const permissionsIn = (value: unknown): Permissions => (value && typeof value === 'object' ? (value as Permissions) : {});

/**
 * Refuses a write that would give anyone more than the actor holds, or change the owner account
 * without being its owner. `data` is the validated input (create, update); `existing` the record
 * before an update or delete.
 */
export async function enforcePrivileges(
  tx: Db,
  scope: Scope,
  rules: PrivilegeRules,
  op: 'create' | 'update' | 'delete',
  existing: Record<string, unknown> | undefined,
  data: Record<string, unknown> = {},
): Promise<void> {
  const actor = await actorHolding(tx, scope);
  if (rules.grants) {
    const field = rules.grants;
    // The role as it would be after the write: neither granting nor keeping more than the actor holds.
    const result = permissionsIn(op === 'delete' ? existing?.[field] : (data[field] ?? existing?.[field]));
    const over = beyond(result, actor);
    if (over.length > 0) throw privilegeErrors.beyondOwn(field, over, op === 'create' ? 'grant' : 'edit a role to hold');
  }
  if (rules.account) {
    const account = rules.account;
    if (existing?.[account.owner] === true) {
      if (op === 'delete') throw privilegeErrors.ownerProtected();
      if (existing.id !== scope.actor.id) throw privilegeErrors.ownerOnly();
    }
    if (existing) {
      // Changing an account that holds more than the actor (its password, its email) would take it over.
      const over = beyond(permissionsOf(await accountHolding(tx, scope.tenantId, account, existing)), actor);
      if (over.length > 0) throw privilegeErrors.beyondOwn(account.role, over, 'change an account that holds');
    }
    if (op !== 'delete' && data[account.role] !== undefined) {
      const over = beyond(await rolePermissions(tx, scope.tenantId, data[account.role]), actor);
      if (over.length > 0) throw privilegeErrors.beyondOwn(account.role, over, 'assign a role holding');
    }
  }
}

/** Everything, as permissions (to compare an owner's holding with an actor's). */
function permissionsOf(holding: Holding): Permissions {
  if (!holding.all) return holding.permissions;
  return Object.fromEntries(moduleCatalogue().permissionModules.map((m) => [m.key, 'write'])) as Permissions;
}

/**
 * After an account was updated: if a credential changed (a password set, the email, the role, the
 * status), its sessions are revoked — all of them, or all but the caller's own when the caller
 * changed their own account.
 */
export async function revokeOnCredentialChange(
  tx: Db,
  scope: Scope,
  rules: PrivilegeRules,
  existing: Record<string, unknown>,
  data: Record<string, unknown>,
): Promise<boolean> {
  const account = rules.account;
  if (!account) return false;
  const changed = account.credentials.some((c) => data[c] !== undefined && !sameValue(data[c], existing[c]));
  if (!changed) return false;
  const id = String(existing.id);
  await revokeSessions(tx, scope.tenantId, id, id === scope.actor.id ? scope.actor.sessionId : undefined);
  return true;
}

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);
