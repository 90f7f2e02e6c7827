import { readFile } from 'node:fs/promises';
import { browserAs, type Json, ok, person, removePerson } from './builder-people';
import { type Api, expect, test } from './fixtures';
import { collectPageErrors, unique } from './helpers';

/**
 * The project builder (issue 29): design review between a UX designer and the client, each in a
 * browser of their own, and the board of one person following another's drag to Done live.
 */

// A 600×400 PNG (one colour): what the designer uploads as the web design.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAlgAAAGQCAIAAAD9V4nPAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAE0UlEQVR42u3VMQ0AAAgEsfeFO0QzY4KNJlVwy6V6AOCtSACAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQKAEQJghCoAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEARqgCAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIAEYIgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECgBECYIQSAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEAGCEABihCgAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQAYIQBGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCABGCAAXFkHbYdimqdryAAAAAElFTkSuQmCC',
  'base64',
);

async function newProject(api: Api, name: string): Promise<Json> {
  return ok(api('POST', '/api/v1/builder/projects', { name }), 201);
}

test('a designer uploads the web design, the client pins a note, they talk it through and the client approves web only', async ({
  api,
  browser,
}) => {
  test.setTimeout(120_000);
  const designer = await person(api, 'designer', { builder: 'write', notifications: 'write' });
  const client = await person(api, 'client', { builder: 'write', notifications: 'write' });
  const project = await newProject(api, unique('Design review '));
  await ok(
    api('PUT', `/api/v1/builder/projects/${project.id}/members`, {
      members: [
        { userId: designer.id, ux: true },
        { userId: client.id, client: true },
      ],
    }),
  );
  const story = await ok(
    api('POST', '/api/v1/builder/stories', { projectId: project.id, title: unique('Shopper finds a product '), role: 'Shopper' }),
    201,
  );
  const other = await ok(
    api('POST', '/api/v1/builder/stories', { projectId: project.id, title: unique('Shopper pays '), role: 'Shopper' }),
    201,
  );
  await ok(api('POST', '/api/v1/builder/designs', { projectId: project.id, storyId: story.id, name: 'Product list' }), 201);
  await ok(api('POST', '/api/v1/builder/designs', { projectId: project.id, storyId: other.id, name: 'Checkout' }), 201);
  const screen = `/admin-panel/builder/user-experience?project=${project.id}`;

  const ux = await browserAs(browser, designer.token);
  const cl = await browserAs(browser, client.token);
  const errors = [...collectPageErrors(ux.page), ...collectPageErrors(cl.page)];
  try {
    // The designer uploads the web design of "Product list".
    await ux.page.goto(screen);
    await ux.page.getByRole('combobox', { name: 'Design' }).click();
    await ux.page.getByRole('option', { name: 'Product list' }).click();
    const chooser = ux.page.waitForEvent('filechooser');
    await ux.page.getByRole('button', { name: 'Upload web design' }).click();
    await (await chooser).setFiles({ name: 'product-list.png', mimeType: 'image/png', buffer: PNG });
    await expect(ux.page.getByRole('img', { name: 'Product list, web design' })).toBeVisible();
    await expect(ux.page.getByText('Web: Ready for review')).toBeVisible();

    // The client pins a note at a third across, a quarter down, and adds a comment to its thread.
    await cl.page.goto(screen);
    await cl.page.getByRole('combobox', { name: 'Design' }).click();
    await cl.page.getByRole('option', { name: 'Product list' }).click();
    const image = cl.page.getByRole('img', { name: 'Product list, web design' });
    await expect(image).toBeVisible();
    const box = (await image.boundingBox())!;
    await cl.page.getByTestId('design-canvas').click({ position: { x: box.width / 3, y: box.height / 4 } });
    await cl.page.getByRole('textbox', { name: 'Note' }).fill('The filters should sit on the left');
    await cl.page.getByRole('button', { name: 'Pin note' }).click();
    await expect(cl.page.getByText('The filters should sit on the left')).toBeVisible();
    await cl.page.getByRole('textbox', { name: 'Reply' }).fill('And show the price first');
    await cl.page.getByRole('button', { name: 'Reply' }).click();
    await expect(cl.page.getByText('And show the price first')).toBeVisible();

    // The designer sees the note live (no reload), pinned where the client put it, and replies in its thread.
    const pin = ux.page.getByRole('button', { name: 'Note 1' });
    await expect(pin).toBeVisible();
    const pinBox = (await pin.boundingBox())!;
    const uxImage = (await ux.page.getByRole('img', { name: 'Product list, web design' }).boundingBox())!;
    expect((pinBox.x + pinBox.width / 2 - uxImage.x) / uxImage.width).toBeCloseTo(1 / 3, 1);
    expect((pinBox.y + pinBox.height / 2 - uxImage.y) / uxImage.height).toBeCloseTo(1 / 4, 1);
    await pin.click();
    await expect(ux.page.getByText('And show the price first')).toBeVisible();
    await ux.page.getByRole('textbox', { name: 'Reply' }).fill('Moved them left, price first');
    await ux.page.getByRole('button', { name: 'Reply' }).click();

    // The client reads the reply and approves web; mobile stays unapproved.
    await expect(cl.page.getByText('Moved them left, price first')).toBeVisible();
    await cl.page.getByRole('button', { name: 'Approve web' }).click();
    await expect(cl.page.getByText('Web: Approved')).toBeVisible();
    const approvedWeb = cl.page.getByRole('region', { name: 'Stories approved for web' });
    await expect(approvedWeb.getByText(story.title)).toBeVisible();
    await expect(approvedWeb.getByText(other.title)).toHaveCount(0);
    await expect(cl.page.getByRole('region', { name: 'Stories not yet approved for web' }).getByText(other.title)).toBeVisible();
    await cl.page.getByText('Mobile', { exact: true }).click();
    await expect(cl.page.getByText('Mobile: Pending')).toBeVisible();
    await expect(cl.page.getByRole('region', { name: 'Stories approved for mobile' }).getByText('None')).toBeVisible();
    await expect(cl.page.getByRole('region', { name: 'Stories not yet approved for mobile' }).getByText(story.title)).toBeVisible();
    // The designer's screen follows the approval.
    await expect(ux.page.getByText('Web: Approved')).toBeVisible();

    // What the screens showed is what was stored.
    const [design] = await ok<Json[]>(api('GET', `/api/v1/builder/designs?projectId=${project.id}&storyId=${story.id}`));
    expect(design).toMatchObject({ uxWebStatus: 'Approved', uxMobileStatus: 'Pending' });
    expect(design.uxNotes).toHaveLength(1);
    expect(design.uxNotes[0].comments.map((c: Json) => c.text)).toEqual([
      'The filters should sit on the left',
      'And show the price first',
      'Moved them left, price first',
    ]);
    expect(errors).toEqual([]);
  } finally {
    await ux.context.close();
    await cl.context.close();
    await removePerson(api, designer);
    await removePerson(api, client);
  }
});

test('a task dragged to Done moves on the board of a second signed-in browser within a second', async ({
  api,
  page,
  browser,
  community,
}) => {
  const project = await newProject(api, unique('Board '));
  const title = unique('Ship the price list ');
  const task = await ok(api('POST', '/api/v1/builder/tasks', { projectId: project.id, title }), 201);
  await ok(api('POST', '/api/v1/builder/tasks', { projectId: project.id, title: unique('Already done '), status: 'done' }), 201);
  const screen = `/admin-panel/builder?project=${project.id}`;
  const second = await browserAs(browser, community.token);
  const errors = [...collectPageErrors(page), ...collectPageErrors(second.page)];
  try {
    await second.page.goto(screen);
    const watched = second.page.locator('[data-column="done"]').locator(`[data-task="${title}"]`);
    await expect(second.page.locator('[data-column="todo"]').locator(`[data-task="${title}"]`)).toBeVisible();

    await page.goto(screen);
    const card = page.locator(`[data-task="${title}"]`);
    await expect(card).toBeVisible();
    // dnd-kit's keyboard sensor: pick up, three columns to the right, drop.
    await card.focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    const moved = page.waitForResponse((r) => r.url().endsWith(`/builder/tasks/${task.id}/move`) && r.request().method() === 'POST');
    await page.keyboard.press('Space');
    expect((await moved).status()).toBe(200);
    // The other browser did nothing: within a second of the move's answer its board shows it.
    await expect(watched).toBeVisible({ timeout: 1_000 });
    await expect(page.locator('[data-column="done"]').locator(`[data-task="${title}"]`)).toBeVisible();

    const board = await ok(api('GET', `/api/v1/builder/projects/${project.id}/board`));
    const done = board.columns.find((c: Json) => c.status === 'done');
    expect(done.cards.map((c: Json) => c.title)).toContain(title);
    expect(errors).toEqual([]);
  } finally {
    await second.context.close();
  }
});

test('keyboard shortcuts on the board: ? lists them, n makes a task, / filters, l shows the list', async ({ api, page }) => {
  const project = await newProject(api, unique('Shortcuts '));
  const other = await ok(api('POST', '/api/v1/builder/tasks', { projectId: project.id, title: unique('Unrelated ') }), 201);
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/builder?project=${project.id}`);
  await expect(page.locator(`[data-task="${other.title}"]`)).toBeVisible();

  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('table', { name: 'Moving a card with the keyboard' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press('n');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  const title = unique('Made with n ');
  // The key that opened the form is not typed into it.
  await expect(drawer.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
  await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/builder/tasks') && r.request().method() === 'POST');
  await drawer.getByRole('button', { name: 'Create task' }).click();
  expect((await created).status()).toBe(201);
  await expect(drawer).toBeHidden();
  await expect(page.locator('[data-column="todo"]').locator(`[data-task="${title}"]`)).toBeVisible();

  await page.keyboard.press('/');
  await expect(page.getByLabel('Filter')).toBeFocused();
  await page.keyboard.type('Made with n');
  await expect(page.locator(`[data-task="${other.title}"]`)).toBeHidden();
  await expect(page.locator(`[data-task="${title}"]`)).toBeVisible();
  await page.keyboard.press('Escape'); // leaves the filter: the keys are shortcuts again

  await page.keyboard.press('l');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  const [stored] = await ok<Json[]>(api('GET', `/api/v1/builder/tasks?projectId=${project.id}&q=${encodeURIComponent(title)}`));
  expect(stored).toMatchObject({ title, status: 'todo', projectId: project.id });
  expect(errors).toEqual([]);
});

test("the summary report shows a project's figures and downloads them as the server's PDF", async ({ api, page }) => {
  const project = await newProject(api, unique('Report '));
  await ok(api('POST', '/api/v1/builder/tasks', { projectId: project.id, title: unique('Done '), status: 'done', estimateHours: 3 }), 201);
  await ok(api('POST', '/api/v1/builder/tasks', { projectId: project.id, title: unique('Open ') }), 201);
  const errors = collectPageErrors(page);
  await page.goto(`/admin-panel/summaryreport?project=${project.id}`);
  await expect(page.getByText('50% done')).toBeVisible();
  await expect(page.getByText('1 of 2 tasks done')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^Summary report ${project.name} \\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(errors).toEqual([]);
});
