import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AuthContext, scopeOf } from '../auth/context';
import { verifyPassword } from '../auth/passwords';
import { consumeRateLimit } from '../auth/rate-limit';
import { LIMITS, publicColumns } from '../auth/service';
import { sessionCacheFor } from '../auth/session-cache';
import { users } from '../auth/tables';
import { errors } from '../errors/app-error';
import { recordAudit } from '../events/audit';
import { privilegeErrors } from './privileges';
import { roles } from './tables';

export interface OwnershipTransfer {
  toAdminId: string;
  currentPassword: string;
  /** The role the previous owner keeps; by default the role the new owner had. */
  roleId?: string;
}

const account = { ...publicColumns, passwordHash: users.passwordHash };

/**
 * Hands the community to another active admin: only the owner, checked with their current password,
 * in one transaction (both accounts locked), audited. The new owner holds everything (no role); the
 * previous owner keeps the role asked for, or else the role the new owner had.
 */
export async function transferOwnership(app: FastifyInstance, auth: AuthContext, input: OwnershipTransfer) {
  // Password guesses count against the same budget as changing the password.
  await consumeRateLimit(app, `password:acct:${auth.userId}`, LIMITS.loginPerAccount);
  const scope = scopeOf(app.db, auth);
  const result = await app.db.withTenant(auth.tenantId, async (tx) => {
    const rows = await tx
      .select(account)
      .from(users)
      .where(and(eq(users.tenantId, auth.tenantId), inArray(users.id, [auth.userId, input.toAdminId])))
      .for('update');
    const from = rows.find((r) => r.id === auth.userId);
    const to = rows.find((r) => r.id === input.toAdminId);
    if (!from?.isOwner || from.status !== 'active') throw privilegeErrors.ownerOnly();
    if (!(await verifyPassword(from.passwordHash, input.currentPassword))) {
      throw errors.validation({ currentPassword: 'The current password is wrong' }, 'The current password is wrong');
    }
    if (!to) throw errors.notFound('Admin');
    if (to.id === from.id) throw errors.validation({ toAdminId: 'You already own this community' });
    if (to.status !== 'active') throw errors.validation({ toAdminId: 'A disabled admin cannot become the owner' });
    const keep = input.roleId ?? to.roleId;
    if (!keep) throw errors.validation({ roleId: 'Choose the role you keep: the new owner had none' });
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, auth.tenantId), eq(roles.id, keep)));
    if (!role) throw errors.validation({ roleId: `No role with id ${keep}` });

    const update = (id: string, set: { isOwner: boolean; roleId: string | null }) =>
      tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, id)))
        .returning(account);
    const [previous] = await update(from.id, { isOwner: false, roleId: keep });
    const [owner] = await update(to.id, { isOwner: true, roleId: null });
    const publicOf = ({ passwordHash: _hash, ...rest }: typeof from) => rest;
    // Audited as changes of the records of whichever resource serves the accounts (the admins list).
    const resource = app.resources.forTable(users)?.path ?? 'users';
    await recordAudit(tx, scope, [
      { action: 'update', resource, recordId: from.id, before: publicOf(from), after: publicOf(previous) },
      { action: 'update', resource, recordId: to.id, before: publicOf(to), after: publicOf(owner) },
    ]);
    return { owner: publicOf(owner), previousOwner: publicOf(previous) };
  });
  // What both accounts may do changed: drop the cached sessions in every process.
  await sessionCacheFor(app.db).invalidateTenant(auth.tenantId);
  await app.appLog(auth.tenantId, `${result.previousOwner.email} transferred ownership to ${result.owner.email}`, {
    from: result.previousOwner.id,
    to: result.owner.id,
  });
  return result;
}
