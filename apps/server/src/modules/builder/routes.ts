import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../kernel/compat';
import { contentDisposition } from '../../kernel/documents';
import { errors, idParams, requireCommunity, tenantRoutes } from '../../kernel/resources';
import { requireRole } from './access';
import { designsResource, setDesignImage } from './resources/designs';
import { issueCommentInput, issuesResource } from './resources/issues';
import { logTablesResource } from './resources/log-tables';
import { projectsResource } from './resources/projects';
import { scopeItemsResource } from './resources/scope';
import { tasksResource } from './resources/tasks';
import { boardOf, columnPage } from './services/board';
import { developerSlot } from './services/developer-slots';
import { issueBoard, issueColumnPage } from './services/issue-board';
import { addIssueComment, allLookups, setLookupList } from './services/issues';
import { addLogEntry, deleteLogEntry, logEntriesOf, logEntryById, logEntryInput } from './services/log-entries';
import { lookupValueOutput } from './services/lookups';
import { memberInput, memberOutput, membersOf, setMembers } from './services/members';
import { myTasks, projectRequirements, projectsOverview } from './services/overview';
import { projectReport, projectReportPdf } from './services/report';
import { addComment, addNote, lockDesign, resetDesign, setApproval, setContext, showNote, storyApprovals } from './services/review';
import { decideChange } from './services/scope';
import { projectStats, summaryReport } from './services/stats';
import { moveTask } from './services/tasks';
import { ISSUE_LOOKUPS } from './tables';

const tags = ['builder'];
const read = { access: 'builder:read' } as const;
const write = { access: 'builder:write' } as const;
const platform = z.enum(['web', 'mobile']);
const at = { x: z.number(), y: z.number() };
const day = z.iso.date('A date, YYYY-MM-DD');

/** The builder's routes beyond each resource's CRUD: membership, the board, scope decisions, design review, views. */
export async function builderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inTx, reading } = tenantRoutes(app);
  const today = () => new Date().toISOString().slice(0, 10);

  r.get(
    '/api/v1/builder/overview',
    { config: read, schema: { tags, summary: 'Projects the caller sees, with progress and hours logged' } },
    async (req) => ({
      data: await reading(req, (db, s) => projectsOverview(db, s)),
    }),
  );

  r.get(
    '/api/v1/builder/my-tasks',
    {
      config: read,
      schema: {
        tags,
        summary: 'Open tasks assigned to the caller (my work)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }).strict(),
      },
    },
    async (req) => ({ data: await reading(req, (db, s) => myTasks(db, s, req.query.limit)) }),
  );

  r.get(
    '/api/v1/builder/projects/:id/members',
    {
      config: read,
      schema: {
        tags,
        summary: "A project's members and their role flags",
        params: idParams,
        response: { 200: z.object({ data: z.array(memberOutput) }) },
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        return membersOf(db, s.tenantId, req.params.id);
      }),
    }),
  );

  r.put(
    '/api/v1/builder/projects/:id/members',
    {
      config: write,
      schema: {
        tags,
        summary: "Sets a project's members (the whole list)",
        params: idParams,
        body: z.object({ members: z.array(memberInput).max(200) }).strict(),
        response: { 200: z.object({ data: z.array(memberOutput) }) },
      },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) => {
        await projectsResource.getIn(tx, s, req.params.id, true);
        if (!s.actor.isOwner) await requireRole(tx, s, req.params.id, ['pm'], 'change its members');
        return setMembers(tx, s.tenantId, req.params.id, req.body.members);
      }),
    }),
  );

  r.get(
    '/api/v1/builder/projects/:id/board',
    {
      config: read,
      schema: {
        tags,
        summary: "The board's first load: each column's first cards and count",
        params: idParams,
        querystring: z.object({ assigneeId: z.uuid().optional(), q: z.string().trim().max(200).optional() }).strict(),
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        return boardOf(db, s, req.params.id, undefined, req.query);
      }),
    }),
  );

  r.get(
    '/api/v1/builder/projects/:id/board/column',
    {
      config: read,
      schema: {
        tags,
        summary: "A column's next cards after a card (keyset on position and id; the board's filters apply)",
        params: idParams,
        querystring: z
          .object({
            status: z.string().max(40),
            afterId: z.uuid(),
            assigneeId: z.uuid().optional(),
            q: z.string().trim().max(200).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          })
          .strict(),
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        const { status, afterId, limit, ...filters } = req.query;
        return columnPage(db, s, req.params.id, status, afterId, filters, limit);
      }),
    }),
  );

  r.get(
    '/api/v1/builder/projects/:id/developer-slots/:slot',
    {
      config: read,
      schema: {
        tags,
        summary: 'A developer slot of the project (developer-one/two/three): its developer, their open tasks and issues',
        params: z.object({ id: z.uuid(), slot: z.coerce.number().int().min(1).max(3) }).strict(),
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        return developerSlot(db, s, req.params.id, req.params.slot);
      }),
    }),
  );

  r.get(
    '/api/v1/builder/projects/:id/requirements',
    {
      config: read,
      schema: {
        tags,
        summary: "The project's requirements: its tasks holding the client's words (save-requirement), with their story",
        params: idParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) }).strict(),
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        return projectRequirements(db, s, req.params.id, req.query.limit);
      }),
    }),
  );

  const lookupFilter = z.string().trim().min(1).max(60).optional();
  const issueBoardFilters = z.object({
    type: lookupFilter,
    module: lookupFilter,
    severity: lookupFilter,
    priority: lookupFilter,
    assigneeId: z.uuid().optional(),
    q: z.string().trim().max(200).optional(),
  });
  r.get(
    '/api/v1/builder/projects/:id/issue-board',
    {
      config: { access: 'issue-tracker:read' },
      schema: {
        tags,
        summary: "A project's issues by status: each column's newest issues and its count, filtered",
        params: idParams,
        querystring: issueBoardFilters.strict(),
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        return issueBoard(db, s, req.params.id, req.query);
      }),
    }),
  );

  r.get(
    '/api/v1/builder/projects/:id/issue-board/column',
    {
      config: { access: 'issue-tracker:read' },
      schema: {
        tags,
        summary: "A status column's next issues after an issue (newest first, keyset on created and id; the board's filters apply)",
        params: idParams,
        querystring: issueBoardFilters
          .extend({
            status: z.string().trim().min(1).max(60),
            afterId: z.uuid(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          })
          .strict(),
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        const { status, afterId, limit, ...filters } = req.query;
        return issueColumnPage(db, s, req.params.id, status, afterId, filters, limit);
      }),
    }),
  );

  const logsRead = { access: 'work-logs:read' } as const;
  const logsWrite = { access: 'work-logs:write' } as const;
  r.get(
    '/api/v1/builder/log-tables/:id/entries',
    {
      config: logsRead,
      schema: {
        tags,
        summary: "A log table's entries, newest day first (keyset: cursor is the last entry's id)",
        params: idParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), cursor: z.uuid().optional() }).strict(),
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        const table = await logTablesResource.getIn(db, s, req.params.id);
        return logEntriesOf(db, s.tenantId, table.id, req.query.limit, req.query.cursor);
      }),
    }),
  );

  r.post(
    '/api/v1/builder/log-tables/:id/entries',
    {
      config: logsWrite,
      schema: {
        tags,
        summary: 'Adds an entry to a log table (its values checked against the fields)',
        params: idParams,
        body: logEntryInput,
      },
    },
    async (req, reply) => {
      const entry = await inTx(req, async (tx, s) =>
        addLogEntry(tx, s, await logTablesResource.getIn(tx, s, req.params.id, true), req.body),
      );
      reply.code(201);
      return { data: entry };
    },
  );

  r.delete(
    '/api/v1/builder/log-entries/:id',
    { config: logsWrite, schema: { tags, summary: 'Deletes a log entry', params: idParams } },
    async (req, reply) => {
      await inTx(req, async (tx, s) => {
        const entry = await logEntryById(tx, s.tenantId, req.params.id);
        // Whoever may change its log table may remove its entries (404 for anyone who cannot see it).
        await logTablesResource.getIn(tx, s, entry.logTableId, true);
        await deleteLogEntry(tx, s, entry);
      });
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v1/builder/tasks/:id/move',
    {
      config: write,
      schema: {
        tags,
        summary: 'Moves a task to a column, between two cards (drag and drop)',
        params: idParams,
        body: z.object({ status: z.string().min(1).max(40), beforeId: z.uuid().nullish(), afterId: z.uuid().nullish() }).strict(),
      },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) => moveTask(tx, s, await tasksResource.getIn(tx, s, req.params.id, true), req.body)),
    }),
  );

  r.post(
    '/api/v1/builder/projects/:id/change-requests',
    {
      config: write,
      schema: {
        tags,
        summary: 'Proposes a change of scope (the client decides it)',
        params: idParams,
        body: z.object({ title: z.string(), description: z.string().optional(), hours: z.number(), priceMinor: z.number().int() }).strict(),
      },
    },
    async (req, reply) => {
      const s = tenantRoutes(app).scope(req);
      reply.code(201);
      return { data: await scopeItemsResource.create(s, { ...req.body, projectId: req.params.id, kind: 'change' }) };
    },
  );

  r.post(
    '/api/v1/builder/scope-items/:id/decision',
    {
      config: read,
      schema: {
        tags,
        summary: "The client's decision on a change request",
        params: idParams,
        body: z.object({ decision: z.enum(['approve', 'reject']), note: z.string().trim().max(2000).nullish() }).strict(),
      },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) => {
        const item = await scopeItemsResource.getIn(tx, s, req.params.id);
        return decideChange(tx, s, item, req.body.decision, req.body.note ?? null);
      }),
    }),
  );

  // Design review: notes, comments and approvals are a member's (the client's too), not a plain edit.
  const review = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    act: (
      tx: Parameters<Parameters<typeof inTx>[1]>[0],
      s: Parameters<Parameters<typeof inTx>[1]>[1],
      design: Awaited<ReturnType<typeof designsResource.getIn>>,
      body: z.infer<B>,
    ) => Promise<unknown>,
  ) =>
    r.post(`/api/v1/builder/designs/:id/${path}`, { config: read, schema: { tags, summary, params: idParams, body } }, async (req) => ({
      data: await inTx(req, async (tx, s) =>
        act(tx, s, await lockDesign(tx, s, (t) => designsResource.getIn(t, s, req.params.id)), req.body as z.infer<B>),
      ),
    }));
  const noteBody = z.object({ platform, ...at, text: z.string().trim().min(1).max(5000) }).strict();
  review('notes', 'Pins a note at x,y (fractions of the image) with its first comment', noteBody, (tx, s, d, b) => addNote(tx, s, d, b));
  review('comments', 'Comments on the note at x,y', noteBody, (tx, s, d, b) => addComment(tx, s, d, b));
  review(
    'approval',
    "The client's approval of one platform's design",
    z.object({ platform, status: z.string().trim().min(1).max(60) }).strict(),
    (tx, s, d, b) => setApproval(tx, s, d, b.platform, b.status),
  );
  review('reset', 'Design reset: platform web, sprint empty, no version', z.object({}).strict(), (tx, s, d) => resetDesign(tx, s, d));
  review(
    'context',
    'Sets the working platform, sprint and version',
    z.object({ platform: platform.optional(), sprint: z.string().max(60).optional(), versionId: z.uuid().nullish() }).strict(),
    (tx, s, d, b) => setContext(tx, s, d, b),
  );
  review('show-note', 'Shows one note (the others hidden)', z.object({ noteId: z.uuid() }).strict(), (tx, s, d, b) =>
    showNote(tx, s, d, b.noteId),
  );

  r.post(
    '/api/v1/builder/designs/:id/image',
    { config: write, schema: { tags, summary: 'Uploads the web or mobile design (multipart: platform, file)', params: idParams } },
    async (req) => {
      const body = await readMultipart(app, req);
      return { data: await storeDesignImage(app, req, req.params.id, body) };
    },
  );

  r.get(
    '/api/v1/builder/projects/:id/story-approvals',
    {
      config: read,
      schema: {
        tags,
        summary: "A project's stories, approved and not, for one platform",
        params: idParams,
        querystring: z.object({ platform: platform.default('web') }).strict(),
      },
    },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        return storyApprovals(db, s.tenantId, req.params.id, req.query.platform);
      }),
    }),
  );

  r.get(
    '/api/v1/builder/projects/:id/stats',
    { config: read, schema: { tags, summary: 'Progress, capacity, burn-up, risks and scope changes of a project', params: idParams } },
    async (req) => ({
      data: await reading(req, async (db, s) => {
        await projectsResource.getIn(db, s, req.params.id);
        return projectStats(db, s, req.params.id, today());
      }),
    }),
  );

  const reportOf = (req: Parameters<typeof reading>[0], id: string) =>
    reading(req, async (db, s) => {
      await projectsResource.getIn(db, s, id);
      return projectReport(db, s, id, today());
    });
  const logs = { access: 'work-logs:read' } as const;

  r.get(
    '/api/v1/builder/projects/:id/report',
    {
      config: logs,
      schema: { tags, summary: "A project's summary report: progress, scope vs done, hours per person, open issues", params: idParams },
    },
    async (req) => ({ data: await reportOf(req, req.params.id) }),
  );

  r.get(
    '/api/v1/builder/projects/:id/report.pdf',
    { config: logs, schema: { tags, summary: "A project's summary report (PDF)", params: idParams } },
    async (req, reply) => {
      const report = await reportOf(req, req.params.id);
      const community = await requireCommunity(app.db, req.auth!.community);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`Summary report ${report.project.name} ${report.asOf}.pdf`))
        .send(await projectReportPdf(report, community.displayName));
    },
  );

  r.get(
    '/api/v1/builder/issue-lookups/values',
    {
      config: { access: 'issue-tracker:read' },
      schema: {
        tags,
        summary: "The six issue lists' values (the community's or the defaults)",
        response: { 200: z.object({ data: z.record(z.string(), z.array(lookupValueOutput)) }) },
      },
    },
    async (req) => ({
      data: await reading(req, (db, s) => allLookups(db, s.tenantId)),
    }),
  );

  r.put(
    '/api/v1/builder/issue-lookups/values/:kind',
    {
      config: { access: 'issue-tracker:write' },
      schema: {
        tags,
        summary: "Replaces the community's list of one issue lookup (in order); an empty list restores the defaults",
        params: z.object({ kind: z.enum(ISSUE_LOOKUPS) }).strict(),
        body: z
          .object({
            values: z
              .array(z.string().trim().min(1).max(60))
              .max(50)
              .refine((a) => new Set(a.map((v) => v.toLowerCase())).size === a.length, 'Each value once'),
          })
          .strict(),
        response: { 200: z.object({ data: z.array(lookupValueOutput) }) },
      },
    },
    async (req) => ({
      data: await inTx(req, (tx, s) => setLookupList(tx, s, req.params.kind, req.body.values)),
    }),
  );

  r.post(
    '/api/v1/builder/issues/:id/comments',
    {
      config: { access: 'issue-tracker:read' },
      schema: { tags, summary: 'Comments on an issue', params: idParams, body: issueCommentInput },
    },
    async (req) => ({
      data: await inTx(req, async (tx, s) => addIssueComment(tx, s, await issuesResource.getIn(tx, s, req.params.id), req.body.text)),
    }),
  );

  r.get(
    '/api/v1/builder/reports/summary',
    {
      config: { access: 'work-logs:read' },
      schema: {
        tags,
        summary: 'Hours per person and project, and attendance, between two dates',
        querystring: z.object({ from: day, to: day }).strict(),
      },
    },
    async (req) => {
      if (req.query.to < req.query.from) throw errors.validation({ to: 'On or after from' });
      return {
        data: await reading(req, (db, s) => summaryReport(db, s, req.query.from, req.query.to, s.actor.isOwner ? null : s.actor.id)),
      };
    },
  );
}

/** Stores an uploaded design image on a design (multipart `platform` and one image file). */
export async function storeDesignImage(
  app: FastifyInstance,
  req: Parameters<ReturnType<typeof tenantRoutes>['scope']>[0],
  designId: string,
  body: Record<string, unknown>,
) {
  const { inTx } = tenantRoutes(app);
  const files = (body.files ?? []) as { id: string; contentType: string; url: string }[];
  const scope = tenantRoutes(app).scope(req);
  try {
    const which = platform.safeParse(body.platform ?? 'web');
    if (!which.success) throw errors.validation({ platform: 'web or mobile' });
    const image = files[0];
    if (!image || !image.contentType.startsWith('image/')) throw errors.validation({ file: 'An image (PNG, JPEG, WebP…)' });
    return await inTx(req, async (tx, s) => {
      const design = await lockDesign(tx, s, (t) => designsResource.getIn(t, s, designId));
      return { ...(await setDesignImage(tx, s, design, which.data, image.id)), imageUrl: image.url };
    });
  } catch (err) {
    await app.storage.discard(scope.tenantId, files);
    throw err;
  }
}
