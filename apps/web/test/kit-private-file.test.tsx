import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResourceForm } from '../src/kit/resource-form';
import { calls, mockApi } from './fetch-mock';
import { applicationsMeta } from './fixtures';
import { renderAt } from './render';

const pdf = (name: string) => new File([new Uint8Array([37, 80, 68, 70])], name, { type: 'application/pdf' });

describe('private file fields of the kit form', () => {
  it('uploads a private field privately and a public one publicly', async () => {
    let n = 0;
    mockApi((method, url) => {
      if (method === 'GET' && url.pathname === '/api/v1/meta/resources') return { body: { data: [applicationsMeta] } };
      if (method === 'POST' && url.pathname === '/api/v1/media/files') {
        n += 1;
        const id = `00000000-0000-4000-8000-00000000000${n}`;
        const isPublic = url.searchParams.get('visibility') !== 'private';
        const fileUrl = isPublic ? `/public/demo/files/${id}` : `/api/v1/media/files/${id}/content`;
        return {
          status: 201,
          body: { data: [{ id, filename: 'x.pdf', contentType: 'application/pdf', size: 4, isPublic, url: fileUrl }] },
        };
      }
      return undefined;
    });
    const { container } = renderAt(<ResourceForm meta={applicationsMeta} />, '/new');
    const [cvInput, brochureInput] = [...container.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    await userEvent.upload(cvInput, pdf('cv.pdf'));
    expect(await screen.findByRole('button', { name: 'Open cv' })).toBeInTheDocument();
    await userEvent.upload(brochureInput, pdf('brochure.pdf'));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/v1/media/files')).toHaveLength(2));
    const [cvUpload, brochureUpload] = calls.filter((c) => c.url.pathname === '/api/v1/media/files');
    expect(cvUpload.url.searchParams.get('visibility')).toBe('private');
    expect(brochureUpload.url.searchParams.get('visibility')).toBe('public');
    // The public file is a plain link; the private one opens with the session (a button, no href).
    expect(await screen.findByRole('link', { name: '00000000-0000-4000-8000-000000000002' })).toHaveAttribute(
      'href',
      '/public/demo/files/00000000-0000-4000-8000-000000000002',
    );
    expect(screen.queryByRole('link', { name: /content/ })).toBeNull();
  });
});
