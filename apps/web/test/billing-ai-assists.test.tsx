import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { billingArea } from '../src/features/billing/screens';
import { FieldAssistSlot, FieldAssistsProvider } from '../src/kit/field-assists';
import { ResourceForm } from '../src/kit/resource-form';
import { calls, mockApi } from './fetch-mock';
import { metaFixture } from './meta-fixture';
import { renderAt } from './render';

/** Generous waits: the suite runs on a busy machine. */
const slow = { timeout: 10_000 };

const products = metaFixture('commerce/products');
const blogs = metaFixture('site/blogs');
const credits = { limit: 4, used: 1, remaining: 3 };
const OUT_OF_CREDITS =
  'Your Starter plan allows 4 AI credits this period; 4 used, 1 more asked. The “AI credits 500” add-on raises it (Add-ons), or upgrade your plan.';

/** The billing AI API: on or off, and what a write answers. */
function api(enabled: boolean, write: (body: Record<string, unknown>) => { status?: number; body?: unknown }) {
  mockApi((method, url, body) => {
    const key = `${method} ${url.pathname}`;
    if (key === 'GET /api/v1/billing/ai')
      return { body: { data: { enabled, tasks: ['product-description', 'blog-summary', 'subject-lines', 'alt-text'], credits } } };
    if (key === 'POST /api/v1/billing/ai/write') return write(body as Record<string, unknown>);
    return undefined;
  });
}

const answer = (text: string) => ({
  body: { data: { task: 'x', text, suggestions: [text], credits: { ...credits, used: 2, remaining: 2 } } },
});
const oakTable = { id: 'p1', title: 'Oak table', description: 'Solid oak, seats six', status: 'draft', images: [] };

/** A kit form with billing's declared assists, as the shell provides them. */
const withAssists = (form: React.ReactNode) => <FieldAssistsProvider assists={billingArea.assists ?? []}>{form}</FieldAssistsProvider>;

describe('field assists: billing’s "Write with AI"', () => {
  it('beside a declared field when AI is on: a click fills the field from the answer', async () => {
    api(true, () => answer('A sturdy oak table for six.'));
    renderAt(withAssists(<ResourceForm meta={products} record={oakTable} history={false} />));
    const slot = await screen.findByTestId('field-assists-description', {}, slow);
    fireEvent.click(await within(slot).findByRole('button', { name: 'Write with AI' }, slow));
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue('A sturdy oak table for six.'), slow);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      task: 'product-description',
      title: 'Oak table',
      text: 'Solid oak, seats six',
    });
    // Only declared fields carry it; the form's save now sends the written text.
    expect(screen.queryByTestId('field-assists-brand')).toBeNull();
    expect(within(slot).getByRole('status')).toHaveTextContent('Written by AI');
  });

  it('a blog summary is written from the post’s title and the text of its body', async () => {
    api(true, () => answer('How to choose tiles for wet rooms.'));
    const post = { id: 'b1', title: 'Tiles for bathrooms', excerpt: '', body: '<p>Water <b>absorption</b> matters.</p>', status: 'draft' };
    renderAt(withAssists(<ResourceForm meta={blogs} record={post} history={false} />));
    const slot = await screen.findByTestId('field-assists-excerpt', {}, slow);
    fireEvent.click(await within(slot).findByRole('button', { name: 'Summarise with AI' }, slow));
    await waitFor(() => expect(screen.getByLabelText('Excerpt')).toHaveValue('How to choose tiles for wet rooms.'), slow);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      task: 'blog-summary',
      title: 'Tiles for bathrooms',
      text: 'Water absorption matters.',
    });
  });

  it('writes the alt text of each image of a gallery', async () => {
    let n = 0;
    api(true, () => answer(`Alt ${++n}`));
    const images = [
      { url: 'https://cdn.example/oak-table-top.jpg', alt: '' },
      { url: 'https://cdn.example/oak_table_legs.png', alt: 'legs' },
    ];
    renderAt(withAssists(<ResourceForm meta={products} record={{ ...oakTable, images }} history={false} />));
    const slot = await screen.findByTestId('field-assists-images', {}, slow);
    fireEvent.click(await within(slot).findByRole('button', { name: 'Write 2 alt texts with AI' }, slow));
    await waitFor(() => expect(screen.getByLabelText('Images image 2: alt text')).toHaveValue('Alt 2'), slow);
    expect(screen.getByLabelText('Images image 1: alt text')).toHaveValue('Alt 1');
    const sent = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(sent).toEqual([
      { task: 'alt-text', title: 'Oak table', text: 'File: oak table top' },
      { task: 'alt-text', title: 'Oak table', text: 'File: oak table legs\nAlt text so far: legs' },
    ]);
  });

  it('out of AI credits (402): the message names the add-on, links to the add-ons, and the field is kept', async () => {
    api(true, () => ({
      status: 402,
      body: { error: { code: 'quota_exceeded', message: OUT_OF_CREDITS, fields: { quota: 'ai', limit: '4', addon: 'ai-500' } } },
    }));
    renderAt(withAssists(<ResourceForm meta={products} record={oakTable} history={false} />));
    const slot = await screen.findByTestId('field-assists-description', {}, slow);
    fireEvent.click(await within(slot).findByRole('button', { name: 'Write with AI' }, slow));
    const alert = await within(slot).findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent(OUT_OF_CREDITS);
    expect(within(alert).getByRole('link', { name: 'Buy AI credits' })).toHaveAttribute('href', '/admin-panel/add-Ons');
    expect(screen.getByLabelText('Description')).toHaveValue('Solid oak, seats six');
  });

  it('a screen’s own form places the slot: subject lines are offered as suggestions, one click fills the field', async () => {
    api(true, () => ({
      body: { data: { task: 'subject-lines', text: '…', suggestions: ['Summer sale: 20% off', 'Last days of summer'], credits } },
    }));
    function Composer() {
      const [subject, setSubject] = useState('Summer');
      const values = { name: 'Summer sale', subject };
      return (
        <>
          <input aria-label="Subject" value={subject} readOnly />
          <FieldAssistSlot
            resource="campaigns/campaigns"
            field={{ key: 'subject', label: 'Subject' }}
            value={subject}
            onChange={(v) => setSubject(String(v))}
            values={values}
          />
        </>
      );
    }
    renderAt(withAssists(<Composer />));
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest subject lines with AI' }, slow));
    const offered = await screen.findByTestId('ai-suggestions', {}, slow);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ task: 'subject-lines', title: 'Summer sale', text: 'Summer' });
    fireEvent.click(within(offered).getByRole('button', { name: 'Last days of summer' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('Last days of summer');
    expect(screen.queryByTestId('ai-suggestions')).toBeNull();
  });

  it('hidden when AI writing is off', async () => {
    api(false, () => answer('never'));
    renderAt(withAssists(<ResourceForm meta={products} record={oakTable} history={false} />));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/billing/ai')).toBe(true), slow);
    // The answer is rendered on the next commit.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByTestId('field-assists-description').textContent).toBe('');
    expect(screen.queryByRole('button', { name: /with AI/ })).toBeNull();
  });

  it('nothing where no assist is declared (AI is not even asked), nor on a read-only form', async () => {
    api(true, () => answer('never'));
    renderAt(<ResourceForm meta={products} record={oakTable} history={false} />);
    await screen.findByLabelText('Description', {}, slow);
    expect(screen.queryByTestId('field-assists-description')).toBeNull();
    renderAt(withAssists(<ResourceForm meta={products} record={oakTable} history={false} readOnly />));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('field-assists-description')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/v1/billing/ai')).toBe(false);
  });
});
