import { eq } from 'drizzle-orm';
import type { Db } from '../../../kernel/resources';
import { errors } from '../../../kernel/resources';
import {
  builderPages,
  builderProjectRoles,
  builderStories,
  builderSuites,
  type SuitePage,
  type SuiteRole,
  type SuiteStory,
} from '../tables';

/** The suite a project names (400 naming the field when there is none). */
export async function suiteById(tx: Db, id: string) {
  const [suite] = await tx.select().from(builderSuites).where(eq(builderSuites.id, id));
  if (!suite) throw errors.validation({ suiteId: 'No such business suite' });
  return suite;
}

/** Adds pages to a project (their names kept as given; admin pages as kind `admin`). Returns the rows. */
export async function addPages(tx: Db, tenantId: string, projectId: string, pages: SuitePage[], createdBy: string | null) {
  if (pages.length === 0) return [];
  return tx
    .insert(builderPages)
    .values(
      pages.map((p) => ({
        tenantId,
        projectId,
        name: p.name,
        route: p.route,
        kind: p.admin ? ('admin' as const) : ('page' as const),
        createdBy,
      })),
    )
    .returning();
}

export async function addRoles(tx: Db, tenantId: string, projectId: string, roles: SuiteRole[], createdBy: string | null) {
  if (roles.length === 0) return [];
  return tx
    .insert(builderProjectRoles)
    .values(roles.map((r) => ({ tenantId, projectId, name: r.name, description: r.description ?? null, createdBy })))
    .returning();
}

export async function addStories(
  tx: Db,
  tenantId: string,
  projectId: string,
  stories: SuiteStory[],
  pageIds: Map<string, string>,
  createdBy: string | null,
) {
  if (stories.length === 0) return [];
  return tx
    .insert(builderStories)
    .values(
      stories.map((s) => ({
        tenantId,
        projectId,
        title: s.title,
        role: s.role,
        pageId: s.page ? (pageIds.get(s.page) ?? null) : null,
        acceptanceCriteria: s.acceptanceCriteria ?? [],
        createdBy,
      })),
    )
    .returning();
}

/** Copies a suite's default pages, roles and user stories into a new project (createProject). */
export async function copySuite(tx: Db, tenantId: string, projectId: string, suiteId: string, createdBy: string | null) {
  const suite = await suiteById(tx, suiteId);
  const pages = await addPages(tx, tenantId, projectId, suite.pages, createdBy);
  await addRoles(tx, tenantId, projectId, suite.roles, createdBy);
  await addStories(tx, tenantId, projectId, suite.stories, new Map(pages.map((p) => [p.name, p.id])), createdBy);
}
