import { browserAs, dragRight, type Json, ok, person, removePerson } from './builder-people';
import { expect, test } from './fixtures';
import { collectPageErrors, unique } from './helpers';

/**
 * The project builder's scope decisions and issue tracker (issue 29): the client approves a change
 * request and the estimate follows; the team moves an issue across the issue board, filters it, and
 * talks it through in its comment thread beside its attachment.
 */

test('the client approves a change request; the estimate and the decisions follow; the team cannot decide it', async ({
  api,
  page,
  browser,
}) => {
  const client = await person(api, 'client', { builder: 'read', notifications: 'write' });
  const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Scope ') }), 201);
  await ok(
    api('PUT', `/api/v1/builder/projects/${project.id}/members`, {
      members: [
        { userId: project.createdBy, pm: true },
        { userId: client.id, client: true },
      ],
    }),
  );
  await ok(api('POST', '/api/v1/builder/scope-items', { projectId: project.id, title: 'Catalogue', hours: 20, priceMinor: 100_000 }), 201);
  const title = unique('Wishlist ');
  const change = await ok(
    api('POST', `/api/v1/builder/projects/${project.id}/change-requests`, { title, hours: 8, priceMinor: 40_000 }),
    201,
  );
  const screen = `/admin-panel/scope-Requirements?project=${project.id}`;
  const errors = collectPageErrors(page);
  const cl = await browserAs(browser, client.token);
  errors.push(...collectPageErrors(cl.page));
  try {
    // The project manager sees the request waiting, but no decision is theirs.
    await page.goto(screen);
    const asPm = page.getByRole('region', { name: `Change request ${title}` });
    await expect(asPm.getByText("The project's client decides it.")).toBeVisible();
    await expect(asPm.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    await cl.page.goto(screen);
    await expect(cl.page.getByTestId('scope-estimate')).toContainText('20 h');
    const request = cl.page.getByRole('region', { name: `Change request ${title}` });
    await request.getByRole('textbox', { name: 'Note to the team' }).fill('Go ahead');
    const decided = cl.page.waitForResponse((r) => r.url().endsWith(`/scope-items/${change.id}/decision`));
    await request.getByRole('button', { name: 'Approve' }).click();
    expect((await decided).status()).toBe(200);
    await expect(cl.page.getByTestId('scope-estimate')).toContainText('28 h');
    await expect(request).toHaveCount(0);
    const row = cl.page.getByRole('table', { name: 'Decisions on change requests' }).getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Approved');
    await expect(row).toContainText(client.name);
    await expect(row).toContainText('Go ahead');

    const stored = await ok(api('GET', `/api/v1/builder/scope-items/${change.id}`));
    expect(stored).toMatchObject({ status: 'approved', decidedBy: client.id, decisionNote: 'Go ahead' });
    expect(await ok(api('GET', `/api/v1/builder/projects/${project.id}`))).toMatchObject({ estimateHours: 28, estimateMinor: 140_000 });
    // The manager's screen shows the decision too.
    await page.reload();
    await expect(page.getByTestId('scope-estimate')).toContainText('28 h');
    await expect(
      page.getByRole('table', { name: 'Decisions on change requests' }).getByRole('row', { name: new RegExp(title) }),
    ).toContainText('Approved');
    // The change request's history, field by field: proposed by the manager, decided by the client.
    await page.getByRole('button', { name: `History of ${title}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${title}` });
    const revisions = history.getByTestId('revision');
    await expect(revisions).toHaveCount(2);
    await expect(revisions.nth(0)).toContainText(`${client.name} changed`);
    await expect(revisions.nth(0).getByRole('listitem').filter({ hasText: 'Status:' })).toContainText(/proposed.*→.*approved/i);
    await expect(revisions.nth(0).getByRole('listitem').filter({ hasText: 'Decision note:' })).toContainText('Go ahead');
    await expect(revisions.nth(1)).toContainText('created it');
    await expect(history.getByRole('button', { name: /Restore/ })).toHaveCount(0);
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();
    expect(errors).toEqual([]);
  } finally {
    await cl.context.close();
    await removePerson(api, client);
  }
});

test('an issue moves across the issue board, filters narrow it, and its thread takes a comment beside its attachment', async ({
  api,
  page,
  community,
}) => {
  const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Issues ') }), 201);
  // The board's first two columns: the community's first two statuses.
  const lists = await ok(api('GET', '/api/v1/builder/issue-lookups/values'));
  const [first, second] = lists.status.map((v: Json) => v.name as string);
  expect(second).toMatch(/\S/);
  // An attachment: a file uploaded to the media library.
  const upload = await page.request.post('/api/v1/media/files', {
    headers: { authorization: `Bearer ${community.token}` },
    multipart: { file: { name: 'screenshot.txt', mimeType: 'text/plain', buffer: Buffer.from('Cart shows 0 items') } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const file = ((await upload.json()).data as Json[])[0];
  const bug = await ok(
    api('POST', '/api/v1/builder/issues', {
      projectId: project.id,
      title: unique('Cart empty '),
      status: first,
      severity: 'Critical',
      attachmentIds: [file.id],
    }),
    201,
  );
  const minor = await ok(
    api('POST', '/api/v1/builder/issues', { projectId: project.id, title: unique('Logo blurry '), status: first, severity: 'Minor' }),
    201,
  );
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/builder/quality-assurance?project=${project.id}`);
  const card = page.locator(`[data-column="${first}"]`).locator(`[data-issue="${bug.title}"]`);
  await expect(card).toBeVisible();
  await expect(page.locator(`[data-issue="${minor.title}"]`)).toBeVisible();

  // Keyboard drag (dnd-kit): pick up, one column to the right, drop: the status changes.
  const moved = await dragRight(page, card, 1, (r) => r.url().endsWith(`/builder/issues/${bug.id}`) && r.request().method() === 'PATCH');
  expect(moved.status()).toBe(200);
  await expect(page.locator(`[data-column="${second}"]`).locator(`[data-issue="${bug.title}"]`)).toBeVisible();
  expect(await ok(api('GET', `/api/v1/builder/issues/${bug.id}`))).toMatchObject({ status: second });

  // Filters: severity Critical leaves the bug alone.
  await page.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'Critical' }).click();
  await expect(page.locator(`[data-issue="${minor.title}"]`)).toBeHidden();
  await expect(page.locator(`[data-issue="${bug.title}"]`)).toBeVisible();

  // The issue opens with its attachment and its thread; a comment joins the thread.
  await page.locator(`[data-issue="${bug.title}"]`).click();
  const drawer = page.getByRole('dialog', { name: bug.title });
  await expect(drawer.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: /screenshot\.txt/ })).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Comment', exact: true }).fill('Reproduced on Safari too');
  const commented = page.waitForResponse((r) => r.url().endsWith(`/builder/issues/${bug.id}/comments`));
  await drawer.getByRole('button', { name: 'Comment', exact: true }).click();
  expect((await commented).status()).toBe(200);
  await expect(drawer.getByRole('region', { name: 'Comments' }).getByText('Reproduced on Safari too')).toBeVisible();
  const stored = await ok(api('GET', `/api/v1/builder/issues/${bug.id}`));
  expect(stored.comments.map((c: Json) => c.text)).toEqual(['Reproduced on Safari too']);
  expect(errors).toEqual([]);
});

test('a board column with more cards than it shows loads the rest with Load more', async ({ api, page }) => {
  const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Long column ') }), 201);
  const titles: string[] = [];
  for (let i = 0; i < 52; i++) {
    const title = `${project.name} card ${String(i).padStart(2, '0')}`;
    titles.push(title);
    await ok(api('POST', '/api/v1/builder/tasks', { projectId: project.id, title }), 201);
  }
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/builder?project=${project.id}`);
  const todo = page.locator('[data-column="todo"]');
  await expect(todo.locator(`[data-task="${titles[49]}"]`)).toBeVisible();
  await expect(todo.locator('[data-task]')).toHaveCount(50);
  await expect(todo.locator(`[data-task="${titles[51]}"]`)).toHaveCount(0);
  await todo.getByRole('button', { name: /Load more/ }).click();
  await expect(todo.locator(`[data-task="${titles[51]}"]`)).toBeVisible();
  await expect(todo.locator('[data-task]')).toHaveCount(52);
  await expect(todo.getByRole('button', { name: /Load more/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a log table defined in the console takes entries checked against its own fields', async ({ api, page }) => {
  const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Logs ') }), 201);
  const name = unique('Deployments ');
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/builder/logs?project=${project.id}`);
  const form = page.getByRole('region', { name: 'New log table' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Field 1', exact: true }).fill('Version');
  await form.getByRole('checkbox', { name: 'Required' }).check();
  await form.getByRole('button', { name: 'Add field' }).click();
  await form.getByRole('textbox', { name: 'Field 2', exact: true }).fill('Environment');
  await form.getByRole('combobox', { name: 'Field 2 type' }).click();
  await page.getByRole('option', { name: 'Choice' }).click();
  await form.getByRole('textbox', { name: 'Field 2 options' }).fill('staging, production');
  await form.getByRole('button', { name: 'Create log table' }).click();

  const entry = page.getByRole('region', { name: `New entry in ${name}` });
  await expect(entry).toBeVisible();
  // The server checks the entry against the fields: Version is required.
  await entry.getByRole('button', { name: 'Add entry' }).click();
  await expect(entry.getByText('Required', { exact: true })).toBeVisible();
  await entry.getByRole('textbox', { name: 'Version' }).fill('1.2.0');
  await entry.getByRole('combobox', { name: 'Environment' }).click();
  await page.getByRole('option', { name: 'production' }).click();
  await entry.getByRole('button', { name: 'Add entry' }).click();
  const table = page.getByRole('table', { name: `${name} entries` });
  await expect(table.getByRole('row', { name: /1\.2\.0/ })).toContainText('production');

  const [stored] = await ok<Json[]>(api('GET', `/api/v1/builder/log-tables?projectId=${project.id}`));
  expect(stored.fields.map((f: Json) => [f.key, f.type, Boolean(f.required)])).toEqual([
    ['version', 'text', true],
    ['environment', 'select', false],
  ]);
  const entries = await ok(api('GET', `/api/v1/builder/log-tables/${stored.id}/entries`));
  expect(entries.entries.map((e: Json) => e.values)).toEqual([{ version: '1.2.0', environment: 'production' }]);
  expect(errors).toEqual([]);
});

test('the project manager adds a developer in slot two; the developer-two view shows their work, slot one is empty', async ({
  api,
  page,
}) => {
  const dev = await person(api, 'developer', { builder: 'write', notifications: 'write' });
  const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Slots ') }), 201);
  const errors = collectPageErrors(page);
  try {
    await page.goto(`/admin-panel/project-management?edit=${project.id}`);
    const drawer = page.getByRole('dialog', { name: project.name });
    await drawer.getByRole('tab', { name: 'Members' }).click();
    await drawer.getByRole('combobox', { name: 'Add a person' }).fill(dev.name);
    await page.getByRole('option', { name: new RegExp(dev.name) }).click();
    await drawer.getByRole('button', { name: 'Add', exact: true }).click();
    await drawer.getByRole('checkbox', { name: `${dev.name}: Developer` }).check();
    await drawer.getByRole('combobox', { name: `${dev.name}: developer slot` }).click();
    await page.getByRole('option', { name: 'Developer two' }).click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/builder/projects/${project.id}/members`) && r.request().method() === 'PUT',
    );
    await drawer.getByRole('button', { name: 'Save members' }).click();
    expect((await saved).status()).toBe(200);
    const members = await ok<Json[]>(api('GET', `/api/v1/builder/projects/${project.id}/members`));
    expect(members.find((m) => m.userId === dev.id)).toMatchObject({ developer: true, developerSlot: 2, client: false });
    expect(members.find((m) => m.userId === project.createdBy)).toMatchObject({ pm: true });

    const task = await ok(
      api('POST', '/api/v1/builder/tasks', { projectId: project.id, title: unique('Slot work '), assigneeId: dev.id }),
      201,
    );
    await page.goto(`/admin-panel/builder/developer-two?project=${project.id}`);
    await expect(page.getByTestId('slot-developer')).toHaveText(dev.name);
    await expect(page.getByRole('table', { name: `Open tasks of ${dev.name}` }).getByText(task.title)).toBeVisible();
    await page.goto(`/admin-panel/builder/developer-one?project=${project.id}`);
    await expect(page.getByText('Nobody holds developer slot one on this project.')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await removePerson(api, dev);
  }
});

test("the issue board pages a long column with Load more and follows another browser's move live", async ({
  api,
  browser,
  page,
  community,
}) => {
  test.setTimeout(120_000);
  const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Long issues ') }), 201);
  const lists = await ok(api('GET', '/api/v1/builder/issue-lookups/values'));
  const [first, second] = lists.status.map((v: Json) => v.name as string);
  const titles: string[] = [];
  for (let i = 0; i < 52; i++) {
    const title = `${project.name} issue ${String(i).padStart(2, '0')}`;
    titles.push(title);
    await ok(api('POST', '/api/v1/builder/issues', { projectId: project.id, title, status: first }), 201);
  }
  // Newest first: the two oldest wait behind Load more.
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/builder/quality-assurance?project=${project.id}`);
  const column = page.locator(`[data-column="${first}"]`);
  await expect(column.locator(`[data-issue="${titles[2]}"]`)).toBeVisible();
  await expect(column.locator('[data-issue]')).toHaveCount(50);
  await expect(column.locator(`[data-issue="${titles[0]}"]`)).toHaveCount(0);
  await column.getByRole('button', { name: /Load more/ }).click();
  await expect(column.locator(`[data-issue="${titles[0]}"]`)).toBeVisible();
  await expect(column.locator('[data-issue]')).toHaveCount(52);
  await expect(column.getByRole('button', { name: /Load more/ })).toHaveCount(0);

  // A second browser moves the newest issue to the next status.
  const other = await browserAs(browser, community.token);
  try {
    await other.page.goto(`/admin-panel/builder/quality-assurance?project=${project.id}`);
    const card = other.page.locator(`[data-column="${first}"]`).locator(`[data-issue="${titles[51]}"]`);
    const moved = await dragRight(other.page, card, 1, (r) => r.url().includes('/builder/issues/') && r.request().method() === 'PATCH');
    expect(moved.status()).toBe(200);
    // This board did nothing: it shows the move at once (its reload reads the column and the page Load
    // more brought), and keeps those cards.
    await expect(page.locator(`[data-column="${second}"]`).locator(`[data-issue="${titles[51]}"]`)).toBeVisible({ timeout: 2_000 });
    await expect(column.locator('[data-issue]')).toHaveCount(51);
    await expect(column.locator(`[data-issue="${titles[0]}"]`)).toBeVisible();
  } finally {
    await other.context.close();
  }
  expect(errors).toEqual([]);
});

test("a log table's fields are edited in the console: renamed, added, removed; entries keep their values", async ({ api, page }) => {
  const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Edit fields ') }), 201);
  const table = await ok(
    api('POST', '/api/v1/builder/log-tables', {
      projectId: project.id,
      name: 'Deployments',
      fields: [
        { key: 'version', label: 'Version', type: 'text', required: true },
        { key: 'host', label: 'Host', type: 'text' },
      ],
    }),
    201,
  );
  await ok(
    api('POST', `/api/v1/builder/log-tables/${table.id}/entries`, { date: '2026-11-02', values: { version: '1.4.0', host: 'web-1' } }),
    201,
  );
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/builder/logs?project=${project.id}`);
  const entries = page.getByRole('table', { name: 'Deployments entries' });
  await expect(entries.getByRole('cell', { name: '1.4.0' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit fields' }).click();
  const form = page.getByRole('region', { name: 'Fields of Deployments' });
  await expect(form.getByRole('textbox', { name: 'Field 1', exact: true })).toHaveValue('Version');
  await form.getByRole('textbox', { name: 'Field 1', exact: true }).fill('Release');
  await form.getByRole('button', { name: 'Remove field 2' }).click();
  await form.getByRole('button', { name: 'Add field' }).click();
  await form.getByRole('textbox', { name: 'Field 2', exact: true }).fill('Rolled back');
  await form.getByRole('combobox', { name: 'Field 2 type' }).click();
  await page.getByRole('option', { name: 'Yes / no' }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith(`/builder/log-tables/${table.id}`) && r.request().method() === 'PATCH');
  await form.getByRole('button', { name: 'Save fields' }).click();
  expect((await saved).status()).toBe(200);
  await expect(form).toBeHidden();

  // The entry keeps its value under the renamed field; the new field heads a column; the removed one is gone.
  await expect(entries.getByRole('columnheader', { name: 'Release' })).toBeVisible();
  await expect(entries.getByRole('columnheader', { name: 'Rolled back' })).toBeVisible();
  await expect(entries.getByRole('columnheader', { name: 'Host' })).toHaveCount(0);
  await expect(entries.getByRole('cell', { name: '1.4.0' })).toBeVisible();
  const stored = await ok(api('GET', `/api/v1/builder/log-tables/${table.id}`));
  expect(stored.fields).toEqual([
    { key: 'version', label: 'Release', type: 'text', required: true },
    { key: 'rolled_back', label: 'Rolled back', type: 'boolean', required: false },
  ]);

  // A field without a label is not saved; a choice field without options is refused by the server.
  await page.getByRole('button', { name: 'Edit fields' }).click();
  await form.getByRole('combobox', { name: 'Field 2 type' }).click();
  await page.getByRole('option', { name: 'Choice' }).click();
  const refused = page.waitForResponse((r) => r.url().endsWith(`/builder/log-tables/${table.id}`) && r.request().method() === 'PATCH');
  await form.getByRole('button', { name: 'Save fields' }).click();
  expect((await refused).status()).toBe(400);
  await expect(form.getByText('A choice field needs options')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  expect((await ok(api('GET', `/api/v1/builder/log-tables/${table.id}`))).fields[1].type).toBe('boolean');
  expect(errors).toEqual([]);
});

test("the community's issue lists are edited whole and restored to the defaults; the issue screens offer its values", async ({
  api,
  page,
}) => {
  const before = await ok(api('GET', '/api/v1/builder/issue-lookups/values'));
  const defaults = before.module.map((v: Json) => v.name as string);
  const errors = collectPageErrors(page);
  await page.goto('/admin-panel/builder/issue-lists');
  const list = page.getByRole('region', { name: 'Module list' });
  await expect(list.getByText('The defaults')).toBeVisible();
  const input = list.getByRole('combobox', { name: 'Module values' });
  await input.fill('Payments');
  await input.press('Enter');
  const saved = page.waitForResponse((r) => r.url().endsWith('/builder/issue-lookups/values/module') && r.request().method() === 'PUT');
  await list.getByRole('button', { name: 'Save module' }).click();
  expect((await saved).status()).toBe(200);
  await expect(list.getByText('Your own list')).toBeVisible();
  const mine = await ok(api('GET', '/api/v1/builder/issue-lookups/values'));
  expect(mine.module.map((v: Json) => [v.name, v.custom])).toEqual([...defaults, 'Payments'].map((n) => [n, true]));
  try {
    // The issue screen's module filter offers the new value.
    const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Lists ') }), 201);
    await page.goto(`/admin-panel/builder/quality-assurance?project=${project.id}`);
    await page.getByRole('combobox', { name: 'Module' }).click();
    await expect(page.getByRole('option', { name: 'Payments' })).toBeVisible();
    await page.keyboard.press('Escape');
  } finally {
    await page.goto('/admin-panel/builder/issue-lists');
    const again = page.getByRole('region', { name: 'Module list' });
    const reset = page.waitForResponse((r) => r.url().endsWith('/builder/issue-lookups/values/module') && r.request().method() === 'PUT');
    await again.getByRole('button', { name: 'Use the defaults' }).click();
    expect((await reset).status()).toBe(200);
    await expect(again.getByText('The defaults')).toBeVisible();
  }
  const after = await ok(api('GET', '/api/v1/builder/issue-lookups/values'));
  expect(after.module.map((v: Json) => [v.name, v.custom])).toEqual(defaults.map((n: string) => [n, false]));
  expect(errors).toEqual([]);
});

test("the business analyst's view shows the client's requirements beside the project's stories", async ({ api, page }) => {
  const project = await ok(api('POST', '/api/v1/builder/projects', { name: unique('Analyst ') }), 201);
  const story = await ok(
    api('POST', '/api/v1/builder/stories', {
      projectId: project.id,
      title: unique('Dealer sees prices '),
      acceptanceCriteria: ['Prices are today’s'],
    }),
    201,
  );
  const task = await ok(
    api('POST', '/api/v1/builder/tasks', {
      projectId: project.id,
      title: unique('Price lists '),
      storyId: story.id,
      requirement: 'Each dealer gets their own price list',
    }),
    201,
  );
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/builder/business-analyst?project=${project.id}`);
  const row = page.getByRole('table', { name: 'Requirements of the project' }).getByRole('row', { name: new RegExp(task.title) });
  await expect(row).toContainText('Each dealer gets their own price list');
  await expect(row).toContainText(story.title);
  await expect(page.getByText(story.title, { exact: true }).last()).toBeVisible();
  // The task opens on the board with its requirement in the form.
  await row.getByRole('link', { name: task.title }).click();
  const drawer = page.getByRole('dialog', { name: task.title });
  await expect(drawer.getByRole('textbox', { name: 'Requirement' })).toHaveValue('Each dealer gets their own price list');
  expect(errors).toEqual([]);
});
