import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../../kernel/auth';
import type { Db } from '../../../kernel/resources';
import { errors, tenantFilter } from '../../../kernel/resources';
import { builderMembers, MEMBER_ROLES } from '../tables';

export const memberInput = z
  .object({
    userId: z.uuid('Not a valid user id'),
    ba: z.boolean().optional(),
    client: z.boolean().optional(),
    ux: z.boolean().optional(),
    pm: z.boolean().optional(),
    qa: z.boolean().optional(),
    developer: z.boolean().optional(),
    capacityHours: z.number().min(0).max(168).optional(),
    /** The developer-one/two/three view this developer fills (a developer's only, one a slot). */
    developerSlot: z.number().int().min(1).max(3).nullish(),
  })
  .strict();
export type MemberInput = z.infer<typeof memberInput>;

/** A member as the members routes answer it (membersOf's row). */
export const memberOutput = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  ba: z.boolean(),
  client: z.boolean(),
  ux: z.boolean(),
  pm: z.boolean(),
  qa: z.boolean(),
  developer: z.boolean(),
  capacityHours: z.number(),
  developerSlot: z.number().nullable(),
});

/** Adds (or updates) a member with role flags. */
export async function addMember(tx: Db, tenantId: string, projectId: string, input: MemberInput) {
  const flags = Object.fromEntries(MEMBER_ROLES.filter((r) => input[r] !== undefined).map((r) => [r, input[r]]));
  const more = {
    ...(input.capacityHours !== undefined ? { capacityHours: input.capacityHours } : {}),
    ...(input.developerSlot !== undefined ? { developerSlot: input.developerSlot } : {}),
  };
  const values = { tenantId, projectId, userId: input.userId, ...flags, ...more };
  await tx
    .insert(builderMembers)
    .values(values)
    .onConflictDoUpdate({
      target: [builderMembers.tenantId, builderMembers.projectId, builderMembers.userId],
      set: { ...flags, ...more, updatedAt: new Date() },
    });
}

/** A project's members with their names. */
export async function membersOf(tx: Db, tenantId: string, projectId: string) {
  return (
    tx
      .select({
        userId: builderMembers.userId,
        name: users.name,
        email: users.email,
        ba: builderMembers.ba,
        client: builderMembers.client,
        ux: builderMembers.ux,
        pm: builderMembers.pm,
        qa: builderMembers.qa,
        developer: builderMembers.developer,
        capacityHours: builderMembers.capacityHours,
        developerSlot: builderMembers.developerSlot,
      })
      .from(builderMembers)
      // Both sides filtered by the community, so each is read by its own (tenant_id, …) index.
      .innerJoin(users, and(tenantFilter(users, tenantId), eq(users.id, builderMembers.userId)))
      .where(and(tenantFilter(builderMembers, tenantId), eq(builderMembers.projectId, projectId)))
      .orderBy(users.name)
  );
}

/** Replaces a project's members with `list` (400 naming a user the community does not have). */
export async function setMembers(tx: Db, tenantId: string, projectId: string, list: MemberInput[]) {
  const ids = [...new Set(list.map((m) => m.userId))];
  if (ids.length !== list.length) throw errors.validation({ members: 'Each person once' });
  const bad: Record<string, string> = {};
  const slots = new Map<number, number>();
  list.forEach((m, i) => {
    if (!m.developerSlot) return;
    if (!m.developer) bad[`members.${i}.developerSlot`] = 'A developer slot is a developer’s';
    else if (slots.has(m.developerSlot)) bad[`members.${i}.developerSlot`] = `Slot ${m.developerSlot} is already someone else’s`;
    slots.set(m.developerSlot, i);
  });
  if (Object.keys(bad).length > 0) throw errors.validation(bad);
  if (ids.length > 0) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(tenantFilter(users, tenantId), inArray(users.id, ids)));
    const known = new Set(found.map((f) => f.id));
    const missing = list.findIndex((m) => !known.has(m.userId));
    if (missing >= 0) throw errors.validation({ [`members.${missing}.userId`]: 'No such admin in this community' });
  }
  await tx
    .delete(builderMembers)
    .where(
      and(
        tenantFilter(builderMembers, tenantId),
        eq(builderMembers.projectId, projectId),
        ids.length > 0 ? sql`${builderMembers.userId} <> all(${sql.param(ids)}::uuid[])` : sql`true`,
      ),
    );
  // Slots are let go first (a slot may pass from one member to another); flags not given are off:
  // the list is the whole membership.
  await tx
    .update(builderMembers)
    .set({ developerSlot: null })
    .where(and(tenantFilter(builderMembers, tenantId), eq(builderMembers.projectId, projectId)));
  for (const m of list) {
    await addMember(tx, tenantId, projectId, {
      ...Object.fromEntries(MEMBER_ROLES.map((r) => [r, false])),
      developerSlot: null,
      ...m,
    });
  }
  return membersOf(tx, tenantId, projectId);
}

/** The user ids of a project's members holding any of `roles` (who to notify). */
export async function memberIdsWith(tx: Db, tenantId: string, projectId: string, roles: (typeof MEMBER_ROLES)[number][]) {
  const rows = await membersOf(tx, tenantId, projectId);
  return rows.filter((r) => roles.some((role) => r[role])).map((r) => r.userId);
}
