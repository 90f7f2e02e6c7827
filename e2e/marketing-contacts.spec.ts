import { api, collectPageErrors, expect, ownerTest as test, unique } from './helpers';

const CONTACTS = '/admin-panel/controlcenter/user-mgmt/all-users';

test('an admin imports contacts from a CSV with a progress bar, finds them in the list and opens one to see its consent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const tag = unique('e2e');
  const csv = [
    'Full name,Email,Mobile,Country,City',
    `Nadia Farouk,nadia.${tag}@example.ae,050 123 4567,AE,Dubai`,
    `Jonas Berg,jonas.${tag}@example.de,0151 2345 6789,DE,Berlin`,
    `Broken Row,not-an-email,,DE,`,
  ].join('\n');

  await page.goto(CONTACTS);
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Import' }).click();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'CSV or XLSX file' }).click();
  await (await chooser).setFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-preview')).toContainText('Nadia Farouk');
  // Columns the names do not match are mapped by hand.
  for (const [column, field] of [
    ['Full name', 'Name'],
    ['Mobile', 'Phone'],
  ]) {
    await page.getByRole('combobox', { name: `Field for column ${column}` }).click();
    await page.getByRole('option', { name: field, exact: true }).click();
    await expect(page.getByRole('combobox', { name: `Field for column ${column}` })).toHaveValue(field);
  }
  await page.getByRole('combobox', { name: 'Tags to add to every imported contact' }).fill(tag);
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: 'Email consent' }).click();
  await page.getByRole('option', { name: 'Opted in' }).click();
  await page.getByRole('button', { name: 'Import 3 rows' }).click();

  const progress = page.getByTestId('import-progress');
  await expect(progress.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(progress).toContainText('3 of 3 rows: 2 added, 0 updated, 0 unchanged, 1 refused');
  await expect(progress.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.getByRole('button', { name: 'Download refused rows' })).toBeVisible();

  await progress.getByRole('button', { name: 'See contacts' }).click();
  await page.getByRole('textbox', { name: 'Search contacts' }).fill(tag);
  await expect(page.getByTestId('resource-row')).toHaveCount(2);
  // A dynamic segment of this import's tag holds the contacts just imported: the contact page lists it.
  const segmentName = `Imported ${tag}`;
  const segment = await api('POST', '/api/v1/marketing/segments', {
    name: segmentName,
    kind: 'dynamic',
    rules: { op: 'and', rules: [{ type: 'tags', op: 'any', values: [tag] }] },
  });
  expect(segment.status).toBe(201);
  await page.getByTestId('resource-row').filter({ hasText: 'Nadia Farouk' }).click();

  const drawer = page.getByRole('dialog', { name: 'Nadia Farouk' });
  await expect(drawer.getByTestId('contact-details')).toContainText('+971501234567');
  const consent = drawer.getByTestId('contact-consent');
  await expect(consent.getByRole('row', { name: /Email/ })).toContainText('Opted in');
  await expect(drawer.getByTestId('consent-history')).toContainText('import');
  await expect(
    drawer.getByRole('group', { name: 'Segments of this contact' }).getByRole('link', { name: new RegExp(segmentName) }),
  ).toBeVisible();

  // Opting out of SMS from the console is recorded in the history too.
  await consent.getByRole('button', { name: 'Opt out of SMS' }).click();
  await expect(consent.getByRole('row', { name: /SMS/ })).toContainText('Opted out');
  await expect(drawer.getByTestId('consent-history')).toContainText('console');

  const stored = await api<{ data: { smsConsent: string; tags: string[] }[] }>('GET', `/api/v1/marketing/contacts?q=nadia.${tag}`);
  expect(stored.body.data).toMatchObject([{ smsConsent: 'opted_out', tags: [tag] }]);
  expect(errors).toEqual([]);
});
