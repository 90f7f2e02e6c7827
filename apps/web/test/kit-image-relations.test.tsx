import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResourceForm } from '../src/kit/resource-form';
import { calls, mockRoutes, type Overrides } from './fetch-mock';
import { adminsMeta, products, productsMeta, project, projectsMeta } from './fixtures';
import { renderAt } from './render';

/** The API of these tests: metadata, products (searchable, one by one) and media uploads. */
function api(overrides: Overrides = {}) {
  let uploads = 0;
  mockRoutes(overrides, (key, url) => {
    if (key === 'GET /api/v1/meta/resources') return { body: { data: [projectsMeta, productsMeta, adminsMeta] } };
    if (key === 'GET /api/v1/site/products') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const data = products.filter((p) => p.name.toLowerCase().includes(q));
      return { body: { data, total: null, limit: 20, offset: 0, nextCursor: null } };
    }
    const one = /^GET \/api\/v1\/site\/products\/(.+)$/.exec(key);
    if (one) {
      const row = products.find((p) => p.id === one[1]);
      return row ? { body: { data: row } } : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    }
    if (key === 'POST /api/v1/media/files') {
      uploads += 1;
      const name = `upload-${uploads}.png`;
      return {
        status: 201,
        body: {
          data: [
            {
              id: `f${uploads}`,
              filename: `new-photo_${uploads}.png`,
              contentType: 'image/png',
              size: 3,
              url: `/public/demo/files/${name}`,
            },
          ],
        },
      };
    }
    return undefined;
  });
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function fileInputs(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLInputElement>('input[type="file"]')];
}

function patchBody() {
  return calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown> | undefined;
}

describe('image fields of the kit form', () => {
  it('edits an image object: preview and alt text, saved as an object', async () => {
    api({ 'PATCH /api/v1/site/projects/pr1': (_u, body) => ({ body: { data: { ...project, ...(body as object) } } }) });
    const { container } = renderAt(<ResourceForm meta={projectsMeta} record={project} />, '/edit');

    // No "[object Object]": the image shows as a preview with its alt text.
    expect(container.textContent).not.toContain('[object Object]');
    expect(screen.getByRole('img', { name: 'Towers at dusk' })).toHaveAttribute('src', 'https://img.example/marina.jpg');
    const alt = screen.getByLabelText('Cover image: alt text');
    expect(alt).toHaveValue('Towers at dusk');
    await userEvent.clear(alt);
    await userEvent.type(alt, 'Residential towers');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patchBody()).toEqual({ coverImage: { url: 'https://img.example/marina.jpg', alt: 'Residential towers' } }));
  });

  it('uploads a new image through the media endpoint and keeps the object shape', async () => {
    api({ 'POST /api/v1/site/projects': (_u, body) => ({ status: 201, body: { data: { ...project, ...(body as object) } } }) });
    renderAt(<ResourceForm meta={projectsMeta} />, '/new');
    await userEvent.type(screen.getByLabelText(/^Title/), 'Tech Park');
    expect(screen.getByRole('button', { name: 'Upload cover image' })).toBeInTheDocument();
    await userEvent.upload(fileInputs(screen.getByTestId('image-input'))[0], png('cover.png'));
    expect(await screen.findByLabelText('Cover image: alt text')).toHaveValue('new photo 1');
    expect(calls.find((c) => c.url.pathname === '/api/v1/media/files')?.method).toBe('POST');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/site/projects')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/site/projects')?.body as Record<string, unknown>;
    expect(body.coverImage).toEqual({ url: '/public/demo/files/upload-1.png', alt: 'new photo 1' });
    expect(body.images).toEqual([]);
    expect(body.productIds).toEqual([]);
  });

  it('edits a gallery: add by upload, alt text, reorder, remove', async () => {
    api({ 'PATCH /api/v1/site/projects/pr1': (_u, body) => ({ body: { data: { ...project, ...(body as object) } } }) });
    renderAt(<ResourceForm meta={projectsMeta} record={project} />, '/edit');
    const gallery = screen.getByTestId('image-list-input');
    expect(within(gallery).getAllByTestId('image-list-item')).toHaveLength(2);
    expect(within(gallery).getByLabelText('Gallery image 2: alt text')).toHaveValue('Balcony');

    const input = gallery.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.multiple).toBe(true);
    await userEvent.upload(input, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(within(gallery).getAllByTestId('image-list-item')).toHaveLength(4));
    expect(within(gallery).getByLabelText('Gallery image 4: alt text')).toHaveValue('new photo 2');

    fireEvent.click(within(gallery).getByRole('button', { name: 'Move gallery image 2 earlier' }));
    expect(within(gallery).getByLabelText('Gallery image 1: alt text')).toHaveValue('Balcony');
    fireEvent.click(within(gallery).getByRole('button', { name: 'Remove gallery image 3' }));
    await userEvent.type(within(gallery).getByLabelText('Gallery image 1: alt text'), ' view');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(patchBody()).toEqual({
        images: [
          { url: 'https://img.example/balcony.jpg', alt: 'Balcony view' },
          { url: 'https://img.example/lobby.jpg', alt: 'Lobby' },
          { url: '/public/demo/files/upload-2.png', alt: 'new photo 2' },
        ],
      }),
    );
  });

  it('says why an upload failed', async () => {
    api({ 'POST /api/v1/media/files': () => ({ status: 413, body: { error: { code: 'too_large', message: 'The file is too large' } } }) });
    renderAt(<ResourceForm meta={projectsMeta} />, '/new');
    const gallery = screen.getByTestId('image-list-input');
    await userEvent.upload(gallery.querySelector<HTMLInputElement>('input[type="file"]')!, png('big.png'));
    expect(await screen.findByText('The file is too large')).toBeInTheDocument();
    expect(within(gallery).queryAllByTestId('image-list-item')).toHaveLength(0);
  });

  it('still keeps a plain URL for string image fields', async () => {
    api({ 'PATCH /api/v1/site/projects/pr1': (_u, body) => ({ body: { data: { ...project, ...(body as object) } } }) });
    renderAt(<ResourceForm meta={projectsMeta} record={project} />, '/edit');
    const upload = screen.getByRole('button', { name: 'Upload logo' });
    await userEvent.upload(fileInputs(upload.parentElement!)[0], png('logo.png'));
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/public/demo/files/upload-1.png');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patchBody()).toEqual({ logoUrl: '/public/demo/files/upload-1.png' }));
  });
});

const PILL = '.mantine-Pill-label';

describe('many-to-many relations in the kit form', () => {
  it('shows the chosen records by title, searches the related resource and saves the ids', async () => {
    api({ 'PATCH /api/v1/site/projects/pr1': (_u, body) => ({ body: { data: { ...project, ...(body as object) } } }) });
    renderAt(<ResourceForm meta={projectsMeta} record={project} />, '/edit');
    const select = screen.getByRole('combobox', { name: 'Products used' });
    await waitFor(() => expect(select).toBeEnabled());
    // The chosen product shows by its name (read from GET /site/products/p1), not its id.
    expect(await screen.findByText('Carrara Matt', { selector: PILL })).toBeInTheDocument();
    expect(screen.queryByText('p1', { selector: PILL })).not.toBeInTheDocument();

    await userEvent.click(select);
    await userEvent.type(select, 'basalt');
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/v1/site/products' && c.url.searchParams.get('q') === 'basalt')).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Basalt Grey', hidden: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patchBody()).toEqual({ productIds: ['p1', 'p3'] }));
  });

  it('removes a chosen record', async () => {
    api({ 'PATCH /api/v1/site/projects/pr1': (_u, body) => ({ body: { data: { ...project, ...(body as object) } } }) });
    renderAt(<ResourceForm meta={projectsMeta} record={{ ...project, productIds: ['p1', 'p2'] }} />, '/edit');
    const label = await screen.findByText('Teak WPC', { selector: PILL });
    const pill = label.closest('.mantine-Pill-root') as HTMLElement;
    fireEvent.click(within(pill).getByRole('button', { hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patchBody()).toEqual({ productIds: ['p1'] }));
  });
});
