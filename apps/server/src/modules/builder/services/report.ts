import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { users } from '../../../kernel/auth';
import { type BusinessDocument, renderDocument } from '../../../kernel/documents';
import { type Db, errors, type Scope, tenantFilter } from '../../../kernel/resources';
import { issuesResource } from '../resources/issues';
import { projectsResource } from '../resources/projects';
import { builderIssues, builderProjects, builderTimeLogs } from '../tables';
import { CLOSED_ISSUE_STATUSES } from './lookups';
import { projectStats } from './stats';

/**
 * A project's summary report: progress (tasks done of all), scope vs done (approved scope hours
 * against the estimates of done tasks), hours logged per person (all time) and open issues by severity.
 */
export async function projectReport(tx: Db, scope: Scope, projectId: string, today: string) {
  const { tenantId } = scope;
  const [project] = await tx
    .select({
      name: builderProjects.name,
      status: builderProjects.status,
      dueDate: builderProjects.dueDate,
      scopeHours: builderProjects.estimateHours,
    })
    .from(builderProjects)
    .where(projectsResource.visible(scope, eq(builderProjects.id, projectId)));
  if (!project) throw errors.notFound('Project');
  const stats = await projectStats(tx, scope, projectId, today);
  const done = stats.statuses.at(-1);
  const tasks = stats.statuses.reduce((sum, s) => sum + s.count, 0);
  const minutes = sql<number>`sum(${builderTimeLogs.minutes})::int`;
  const hours = await tx
    .select({ userId: builderTimeLogs.userId, name: users.name, minutes })
    .from(builderTimeLogs)
    .leftJoin(users, and(tenantFilter(users, tenantId), eq(users.id, builderTimeLogs.userId)))
    .where(and(tenantFilter(builderTimeLogs, tenantId), eq(builderTimeLogs.projectId, projectId)))
    .groupBy(builderTimeLogs.userId, users.name)
    .orderBy(desc(minutes), asc(users.name));
  const issues = await tx
    .select({ severity: builderIssues.severity, open: sql<number>`count(*)::int` })
    .from(builderIssues)
    .where(issuesResource.visible(scope, eq(builderIssues.projectId, projectId), notInArray(builderIssues.status, CLOSED_ISSUE_STATUSES)))
    .groupBy(builderIssues.severity)
    .orderBy(asc(builderIssues.severity));
  return {
    project: { id: projectId, name: project.name, status: project.status, dueDate: project.dueDate },
    asOf: today,
    progress: { tasks, done: done?.count ?? 0, percent: tasks ? Math.round((100 * (done?.count ?? 0)) / tasks) : 0 },
    scope: {
      approvedHours: Number(project.scopeHours),
      taskHours: stats.statuses.reduce((sum, s) => sum + s.hours, 0),
      doneHours: done?.hours ?? 0,
      pendingChanges: stats.risks.pendingChanges,
      pendingHours: stats.risks.pendingHours,
    },
    hours: hours.map((h) => ({ userId: h.userId, name: h.name ?? 'Former member', hours: Number(h.minutes) / 60 })),
    issues: issues.map((i) => ({ severity: i.severity, open: Number(i.open) })),
  };
}

export type ProjectReport = Awaited<ReturnType<typeof projectReport>>;

const h = (n: number) => `${Math.round(n * 10) / 10} h`;

/** The summary report as an A4 PDF through the kit's documents (its table: hours per person). */
export function projectReportPdf(report: ProjectReport, community: string): Promise<Buffer> {
  const { progress, scope, issues } = report;
  const openIssues = issues.reduce((sum, i) => sum + i.open, 0);
  const doc: BusinessDocument = {
    title: 'Summary report',
    dates: [{ label: 'As of', value: new Date(`${report.asOf}T00:00:00Z`) }],
    seller: {
      label: 'Project',
      name: report.project.name,
      lines: [community, `Status: ${report.project.status.replace(/_/g, ' ')}`, `Due: ${report.project.dueDate ?? 'not set'}`],
    },
    parties: [
      { label: 'Progress', name: `${progress.percent}% done`, lines: [`${progress.done} of ${progress.tasks} tasks done`] },
      {
        label: 'Scope vs done',
        name: `${h(scope.doneHours)} of ${h(scope.approvedHours)}`,
        lines: [
          `Approved: ${h(scope.approvedHours)}`,
          `In tasks: ${h(scope.taskHours)}`,
          `Done: ${h(scope.doneHours)}`,
          `Waiting: ${scope.pendingChanges} (${h(scope.pendingHours)})`,
        ],
      },
      {
        label: 'Open issues',
        name: `${openIssues} open`,
        lines: issues.length ? issues.map((i) => `${i.severity}: ${i.open}`) : ['None'],
      },
    ],
    currency: 'USD', // no amounts in this document; the kit asks for a currency
    columns: 'quantities',
    headings: { description: 'Person', quantity: 'Hours' },
    lines: report.hours.map((p) => ({ description: p.name, quantity: Math.round(p.hours * 10) / 10 })),
    notes: report.hours.length ? undefined : 'No time logged on this project yet.',
    footer: `${report.project.name} · summary report`,
  };
  return renderDocument(doc);
}
