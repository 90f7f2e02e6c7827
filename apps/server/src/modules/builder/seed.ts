import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Scope } from '../../kernel/resources';
import { designsResource, setDesignImage } from './resources/designs';
import { issuesResource } from './resources/issues';
import { logTablesResource } from './resources/log-tables';
import { attendanceResource, timeLogsResource } from './resources/logs';
import { storiesResource, taskListsResource, versionsResource } from './resources/planning';
import { projectsResource } from './resources/projects';
import { scopeItemsResource } from './resources/scope';
import { tasksResource } from './resources/tasks';
import { addIssueComment } from './services/issues';
import { addLogEntry } from './services/log-entries';
import { addMember } from './services/members';
import { addNote, lockDesign } from './services/review';
import { builderSuites } from './tables';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** A wireframe-like picture of a page for the sample design (rendered, not a stock file). */
async function wireframe(width: number, height: number, title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f6f7f9"/><rect x="0" y="0" width="100%" height="${height * 0.1}" fill="#cd3197"/>
    <text x="24" y="${height * 0.065}" font-family="sans-serif" font-size="${height * 0.035}" fill="#fff">${title}</text>
    <rect x="${width * 0.06}" y="${height * 0.18}" width="${width * 0.55}" height="${height * 0.5}" rx="8" fill="#fff" stroke="#d0d4da"/>
    <rect x="${width * 0.66}" y="${height * 0.18}" width="${width * 0.28}" height="${height * 0.3}" rx="8" fill="#fff" stroke="#d0d4da"/>
    <rect x="${width * 0.66}" y="${height * 0.55}" width="${width * 0.28}" height="${height * 0.07}" rx="6" fill="#cd3197"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo community's project mid-flight: created from the online-store suite (its pages, roles and
 * stories), a version under way, baseline scope and a pending change request, a board with tasks in
 * every column, a design with its web image and a pinned note, issues, time entries and attendance.
 */
export async function seedBuilder(app: FastifyInstance, scope: Scope): Promise<void> {
  const [suite] = await app.db.owner.select({ id: builderSuites.id }).from(builderSuites).where(eq(builderSuites.key, 'online-store'));
  const project = await projectsResource.create(scope, {
    name: 'Showroom web shop',
    description: 'Online store for tiles and facade panels: catalogue, dealer prices and checkout.',
    ...(suite ? { suiteId: suite.id } : {}),
    status: 'active',
    startDate: day(-30),
    dueDate: day(45),
    invoicedMinor: 250_000,
    paidMinor: 150_000,
  });
  const projectId = project.id;
  const me = scope.actor.id!;
  await app.db.withTenant(scope.tenantId, (tx) =>
    addMember(tx, scope.tenantId, projectId, {
      userId: me,
      pm: true,
      ux: true,
      client: true,
      developer: true,
      developerSlot: 1,
      capacityHours: 30,
    }),
  );
  const version = await versionsResource.create(scope, {
    projectId,
    name: 'v1 — launch',
    status: 'active',
    startDate: day(-30),
    dueDate: day(20),
  });
  await versionsResource.create(scope, {
    projectId,
    name: 'v1.1 — dealer portal',
    status: 'planned',
    startDate: day(21),
    dueDate: day(45),
  });
  await scopeItemsResource.create(scope, {
    projectId,
    title: 'Catalogue, cart and checkout',
    hours: 120,
    priceMinor: 600_000,
    kind: 'baseline',
  });
  await scopeItemsResource.create(scope, { projectId, title: 'Dealer price lists', hours: 32, priceMinor: 160_000, kind: 'baseline' });
  await scopeItemsResource.create(scope, {
    projectId,
    title: 'WhatsApp order updates',
    hours: 12,
    priceMinor: 60_000,
    kind: 'change',
    description: 'Asked in the sprint review',
  });
  const sprint = await taskListsResource.create(scope, { projectId, name: 'Sprint 3', position: 0 });
  const stories = await storiesResource.list(scope, { projectId, limit: 50, offset: 0, withTotal: 'false' });
  const checkoutStory = stories.data.find((s) => String(s.title).includes('pay'));
  const tasks: [string, string, string, number][] = [
    ['Product filters: category and price', 'done', 'high', 8],
    ['Product detail gallery', 'done', 'medium', 5],
    ['Cart: quantity and coupon', 'in_review', 'high', 6],
    ['Checkout: card and UPI', 'in_progress', 'urgent', 10],
    ['Order confirmation email', 'in_progress', 'medium', 3],
    ['Dealer price list import', 'todo', 'high', 8],
    ['Shipping rates by pincode', 'todo', 'medium', 5],
    ['Accessibility pass on checkout', 'todo', 'low', 4],
  ];
  const made = [];
  for (const [title, status, priority, estimateHours] of tasks) {
    made.push(
      await tasksResource.create(scope, {
        projectId,
        taskListId: sprint.id,
        versionId: version.id,
        title,
        status,
        priority,
        estimateHours,
        assigneeId: me,
        dueDate: status === 'done' ? day(-5) : day(10),
        labels: title.includes('Checkout') ? ['checkout'] : [],
        ...(title.startsWith('Checkout') && checkoutStory ? { storyId: checkoutStory.id } : {}),
      }),
    );
  }
  for (const [i, task] of made.slice(0, 5).entries()) {
    await timeLogsResource.create(scope, {
      projectId,
      taskId: task.id,
      userId: me,
      date: day(-i - 1),
      minutes: 90 + i * 30,
      note: String(task.title),
    });
  }
  for (let i = 1; i <= 5; i++)
    await attendanceResource.create(scope, {
      userId: me,
      date: day(-i),
      status: i === 3 ? 'remote' : 'present',
      checkIn: '09:30',
      checkOut: '18:00',
    });
  const standup = await logTablesResource.create(scope, {
    projectId,
    name: 'Stand-up notes',
    fields: [
      { key: 'yesterday', label: 'Yesterday', type: 'textarea', required: true },
      { key: 'today', label: 'Today', type: 'textarea', required: true },
      { key: 'blockers', label: 'Blockers', type: 'text' },
    ],
  });
  const deployments = await logTablesResource.create(scope, {
    projectId,
    name: 'Deployments',
    fields: [
      { key: 'environment', label: 'Environment', type: 'select', required: true, options: ['staging', 'production'] },
      { key: 'version', label: 'Version', type: 'text', required: true },
      { key: 'succeeded', label: 'Succeeded', type: 'boolean' },
    ],
  });
  await app.db.withTenant(scope.tenantId, async (tx) => {
    const add = (table: Record<string, unknown> & { id: string }, date: string, values: Record<string, string | boolean>) =>
      addLogEntry(tx, scope, table, { date, values });
    await add(standup, day(-2), { yesterday: 'Cart coupon field', today: 'Checkout: UPI', blockers: 'Waiting for the UPI sandbox keys' });
    await add(standup, day(-1), { yesterday: 'Checkout: UPI', today: 'Order confirmation email' });
    await add(deployments, day(-1), { environment: 'staging', version: '0.9.2', succeeded: true });
  });
  const issue = await issuesResource.create(scope, {
    projectId,
    title: 'Coupon discount lost when the cart reloads',
    type: 'Bug',
    module: 'Website',
    foundOn: 'Chrome',
    severity: 'Major',
    priority: 'High',
    taskId: made[2].id,
    assigneeId: me,
  });
  await app.db.withTenant(scope.tenantId, async (tx) =>
    addIssueComment(tx, scope, await issuesResource.getIn(tx, scope, issue.id), 'Seen on the second reload only; Safari keeps it.'),
  );
  const design = await designsResource.create(scope, {
    projectId,
    name: 'Checkout — payment step',
    page: 'Checkout',
    type: 'Screen',
    ticketId: 'UX-14',
    taskListId: sprint.id,
    ...(checkoutStory ? { storyId: checkoutStory.id } : {}),
    figma: 'https://www.figma.com/file/demo/checkout',
  });
  const image = await app.storage.save(scope.tenantId, {
    stream: Readable.from(await wireframe(1200, 800, 'Checkout — payment')),
    filename: 'checkout-web.png',
    uploadedBy: me,
    purpose: 'design',
    isPublic: true,
  });
  await app.db.withTenant(scope.tenantId, async (tx) => {
    const read = (t: typeof tx) => designsResource.getIn(t, scope, design.id);
    await setDesignImage(tx, scope, await lockDesign(tx, scope, read), 'web', image.id);
    await addNote(tx, scope, await lockDesign(tx, scope, read), {
      platform: 'web',
      x: 0.78,
      y: 0.6,
      text: 'Make the Pay button say the amount.',
    });
  });
}
