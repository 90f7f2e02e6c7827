import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlockRichText } from '../src/features/marketing/templates/block-rich-text';
import RichTextInput from '../src/kit/rich-text-input';
import { mockApi } from './fetch-mock';
import { renderAt } from './render';

describe('rich text toolbars', () => {
  it('a form field offers strike-through and quotes', async () => {
    renderAt(<RichTextInput label="Body" value="<p>Hi</p>" onChange={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Strikethrough' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blockquote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Underline' })).not.toBeInTheDocument();
  });

  it('an email block offers what mail clients render, and the variables picker', async () => {
    mockApi(() => ({ body: { data: [] } }));
    renderAt(<BlockRichText label="Text" value="<p>Hi</p>" onChange={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Underline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Strikethrough' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Blockquote' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /variable/i })).toBeInTheDocument();
  });
});
