import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AccessCaller, Db, RowRule, Scope } from '../../kernel/resources';
import { errors, tenantFilter } from '../../kernel/resources';
import { builderMembers, type MemberRole } from './tables';

// Who sees and changes a project's records (Linear's and Jira's project membership): the community's
// owner sees every project; anyone else the projects they are a member of. Within a project the
// platform's team (ba, ux, pm, qa, developer) writes; a client member reads, reviews designs and
// decides scope changes through their own routes (approval.ts, scope.ts), not by editing records.

const TEAM = sql.raw(`(m.ba or m.ux or m.pm or m.qa or m.developer)`);

/** `exists` a membership of `caller` in the project `projectColumn` (a column written as SQL) names. */
function membership(table: string, projectColumn: string, userId: string, extra?: SQL): SQL {
  const outer = sql.raw(`"${table}"."tenant_id"`);
  const project = sql.raw(`"${table}"."${projectColumn}"`);
  return sql`exists (select 1 from builder_members m where m.tenant_id = ${outer} and m.project_id = ${project} and m.user_id = ${userId}${
    extra ? sql` and ${extra}` : sql``
  })`;
}

/** Row rules of the projects table: members (and its creator) read; the team (and its creator) writes. */
export function projectRules(table: string): { read: RowRule; write: RowRule } {
  const mine = (userId: string) => sql`${sql.raw(`"${table}"."created_by"`)} = ${userId}`;
  const rule = (team: boolean) => (c: AccessCaller) => {
    if (c.isOwner) return true;
    if (!c.userId) return false;
    return sql`(${membership(table, 'id', c.userId, team ? TEAM : undefined)} or ${mine(c.userId)})`;
  };
  return { read: rule(false), write: rule(true) };
}

/**
 * Row rules of a project's records: members of its project read them, its team writes them; a record
 * outside any project is its creator's alone (a draft).
 */
export function projectRecordRules(table: string): { read: RowRule; write: RowRule } {
  const draft = (userId: string) =>
    sql`(${sql.raw(`"${table}"."project_id"`)} is null and ${sql.raw(`"${table}"."created_by"`)} = ${userId})`;
  const rule = (team: boolean) => (c: AccessCaller) => {
    if (c.isOwner) return true;
    if (!c.userId) return false;
    return sql`(${membership(table, 'project_id', c.userId, team ? TEAM : undefined)} or ${draft(c.userId)})`;
  };
  return { read: rule(false), write: rule(true) };
}

/** Sets `createdBy` on create (a resource's beforeWrite). */
export const stampCreator = (ctx: { op: 'create' | 'update'; scope: Scope }, data: Record<string, unknown>) =>
  ctx.op === 'create' ? { ...data, createdBy: ctx.scope.actor.id } : data;

export type Membership = Record<MemberRole, boolean> & { userId: string };

/** The caller's membership of a project, or null. */
export async function membershipOf(tx: Db, tenantId: string, projectId: string, userId: string | null): Promise<Membership | null> {
  if (!userId) return null;
  const [row] = await tx
    .select({
      userId: builderMembers.userId,
      ba: builderMembers.ba,
      client: builderMembers.client,
      ux: builderMembers.ux,
      pm: builderMembers.pm,
      qa: builderMembers.qa,
      developer: builderMembers.developer,
    })
    .from(builderMembers)
    .where(and(tenantFilter(builderMembers, tenantId), eq(builderMembers.projectId, projectId), eq(builderMembers.userId, userId)));
  return row ?? null;
}

/** Refuses (403) a caller who is not a member of the project with one of `roles`. */
export async function requireRole(tx: Db, scope: Scope, projectId: string | null, roles: MemberRole[], what: string): Promise<Membership> {
  if (!projectId) throw errors.conflict('no_project', 'This record belongs to no project yet');
  const member = await membershipOf(tx, scope.tenantId, projectId, scope.actor.id);
  if (!member || !roles.some((r) => member[r])) {
    throw errors.forbidden(`Only the project's ${roles.map(roleLabel).join(' or ')} may ${what}`);
  }
  return member;
}

const LABELS: Record<MemberRole, string> = {
  ba: 'business analyst',
  client: 'client',
  ux: 'UX designer',
  pm: 'project manager',
  qa: 'QA',
  developer: 'developer',
};
export const roleLabel = (r: MemberRole) => LABELS[r];
