import { expect, it } from 'vitest';
import { defineCompatWalk, type Json } from './compat-walk';

/** The builder module's compat lines (the project API's `addons` is billing's catalogue: test/billing.compat-walk.ts), each called as an old client would, with a token (test/compat-contract.test.ts runs this). */
export default defineCompatWalk({
  module: 'builder',
  served: 56,
  walk: (kit) => {
    it('builder lines: suites, projects, pages, stories, tasks, design review, notifications, issues and logs', async () => {
      const { t, c, png, line, upload, ok, v1, ids } = kit;
      const suites = ok(await line('POST /content/masters/suite/Get', { limit: 50 }));
      const store = suites.find((s: Json) => s.key === 'online-store');
      expect(ids(ok(await line('POST /project/view_suites')))).toContain(store.id);
      expect(ok(await line('POST /content/uibuilder/getDefaultPages', { suiteKey: 'online-store' })).map((p: Json) => p.name)).toContain(
        'Checkout',
      );
      expect(ok(await line('POST /content/masters/stories/get', { suiteId: store.id })).length).toBe(store.stories.length);
      const project = ok(await line('POST /content/project/createProject', { projectName: 'Compat shop', suiteId: store.id }));
      expect(project.name).toBe('Compat shop');
      const projectId = project.id;
      expect(
        ok(await line('POST /content/masters/roles/addRolesToProject', { projectId, roles: ['Dealer'] })).map((r: Json) => r.name),
      ).toEqual(['Dealer']);
      const added = ok(
        await line('POST /content/masters/page/addPagesToProject', {
          projectId,
          pages: [{ name: 'Reports', route: '/admin/reports', type: 'Admin' }],
        }),
      );
      expect(added[0]).toMatchObject({ name: 'Reports', kind: 'admin' });
      expect(ok(await line('POST /content/uibuilder/getRoles', { projectId })).map((r: Json) => r.name)).toContain('Dealer');
      expect(ok(await line('POST /content/uibuilder/getPages', { projectId })).every((p: Json) => p.kind === 'page')).toBe(true);
      expect(ok(await line('POST /content/uibuilder/getAdminPages', { projectId })).map((p: Json) => p.name)).toContain('Reports');
      expect(ok(await line('POST /studio/masters/page/getHeadingsPages', { projectId })).map((p: Json) => p.headingName)).toContain(
        'Reports',
      );
      expect(ok(await line('POST /content/uibuilder/getUserStories', { projectId })).length).toBe(store.stories.length);
      const data = ok(await line('POST /content/uibuilder/getData', { projectId }));
      expect(data.project.id).toBe(projectId);
      expect(data.adminPages.map((p: Json) => p.name)).toContain('Reports');
      expect(
        ok(await line('POST /content/project/updateBill', { projectId, estimate: 500000, invoiced: 100000, paid: 50000 })),
      ).toMatchObject({
        estimateMinor: 500000,
        invoicedMinor: 100000,
        paidMinor: 50000,
      });
      expect(ids(ok(await line('POST /content/project/getProjects')))).toContain(projectId);
      expect(ok(await line('POST /project/getProjects')).find((p: Json) => p.id === projectId)).toMatchObject({ tasks: 0, progress: 0 });
      // Tasks: a requirement becomes a task; assigned to me it is my work.
      const task = ok(
        await line('POST /content/task-manager/task/save-requirement', { projectId, requirement: 'Dealers see their own prices' }),
      );
      expect(task).toMatchObject({ requirement: 'Dealers see their own prices', status: 'todo' });
      expect(
        ok(await line('POST /content/task-manager/task/save-requirement', { taskId: task.id, requirement: 'And tiers' })).requirement,
      ).toBe('And tiers');
      await v1('POST', `builder/tasks/${task.id}/move`, { status: 'in_progress' });
      const patched = await t.request({
        method: 'PATCH',
        url: `/api/v1/builder/tasks/${task.id}`,
        payload: { assigneeId: c.userId },
        as: c,
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(ids(ok(await line('POST /content/task-manager/task/getAssignTask')))).toContain(task.id);
      // Design review, with the seed's field names.
      const design = ok(await line('POST /core/task-manager/design/', { projectId, name: 'Home hero', ticketID: 'UX-1' }));
      expect(design).toMatchObject({ ticketID: 'UX-1', UX_Web_status: 'Pending', ux_notes: [] });
      const mapped = await upload('POST /core/task-manager/design/map', [
        { field: 'designId', data: design.id },
        { field: 'platform', data: 'web' },
        { field: 'file', filename: 'web.png', type: 'image/png', data: png },
      ]);
      expect(mapped.statusCode, mapped.body).toBe(200);
      expect(mapped.json().data.web_uiux_design).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      // The owner is made project manager; reviewing as client needs the client flag.
      const members = await t.request({
        method: 'PUT',
        url: `/api/v1/builder/projects/${projectId}/members`,
        payload: { members: [{ userId: c.userId, pm: true, ux: true, client: true }] },
        as: c,
      });
      expect(members.statusCode, members.body).toBe(200);
      const noted = ok(await line('POST /core/task-manager/design/note', { task: design.id, x: 0.4, y: 0.2, comment: 'Tighter headline' }));
      expect(noted.ux_notes).toHaveLength(1);
      const commented = ok(await line('POST /core/task-manager/design/comment', { task: design.id, x: 0.4, y: 0.2, comment: 'Done' }));
      expect(commented.ux_notes[0].comments.map((x: Json) => x.text)).toEqual(['Tighter headline', 'Done']);
      const withImage = await upload('POST /core/task-manager/design/image-comment', [
        { field: 'designId', data: design.id },
        { field: 'x', data: '0.4' },
        { field: 'y', data: '0.2' },
        { field: 'comment', data: 'Like this' },
        { field: 'file', filename: 'ref.png', type: 'image/png', data: png },
      ]);
      expect(withImage.statusCode, withImage.body).toBe(200);
      expect(withImage.json().data.ux_notes[0].comments[2].imageId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(ok(await line('GET /core/task-manager/design/', { id: design.id })).ux_history.length).toBeGreaterThanOrEqual(4);
      expect(ids(ok(await line('GET /core/task-manager/design/', { projectId })))).toEqual([design.id]);
      expect(ok(await line('DELETE /core/task-manager/design/', { id: design.id }))).toMatchObject({ deleted: true });
      // Notifications: the caller's own and the team's, with an unread count and mark-read.
      await v1('POST', 'ops/notifications', { title: 'Compat walk', level: 'info' });
      const unread = ok(await line('POST /core/task-manager/notification/get-by-count')).unread;
      expect(unread).toBeGreaterThanOrEqual(1);
      expect(ok(await line('POST /core/task-manager/notification/get')).map((n: Json) => n.title)).toContain('Compat walk');
      expect(ok(await line('POST /core/task-manager/notification/get-by-page', { page: 1, limit: 1 }))).toHaveLength(1);
      expect(ok(await line('PATCH /core/task-manager/notification/read', {})).read).toBe(unread);
      expect(ok(await line('POST /core/task-manager/notification/get-by-count')).unread).toBe(0);
      // Issue lists: the defaults until the community names its own.
      expect(ok(await line('POST /content/issuetracker/issuetable/getIssueStatus')).map((v: Json) => v.name)).toContain('Open');
      expect(ok(await line('POST /content/issuetracker/issuetable/getIssueType')).map((v: Json) => v.name)).toContain('Bug');
      expect(ok(await line('POST /content/issuetracker/issuetable/getModule')).map((v: Json) => v.name)).toContain('Website');
      expect(ok(await line('POST /content/issuetracker/issuetable/getFoundOn')).map((v: Json) => v.name)).toContain('Chrome');
      expect(ok(await line('POST /content/issuetracker/issuetable/getSeverity')).map((v: Json) => v.name)).toContain('Critical');
      expect(ok(await line('POST /content/issuetracker/issuetable/getPriority')).map((v: Json) => v.name)).toContain('Urgent');
    });
  },
});
