import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyRecordView } from '../src/kit/lazy-record-view';
import { renderAt } from './render';

describe('lazyRecordView', () => {
  it('loads the editor only when it is first shown, with a loader meanwhile, and passes the props on', async () => {
    let loads = 0;
    let finish!: () => void;
    const loaded = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const view = lazyRecordView<{ title: string }>(async () => {
      loads += 1;
      await loaded;
      return { default: ({ title }) => <p>editing {title}</p> };
    });
    expect(loads).toBe(0); // making the view loads nothing: the list does not pay for the editor
    renderAt(view({ title: 'Kauri board' }));
    expect(await screen.findByLabelText('Loading the editor')).toBeInTheDocument();
    finish();
    expect(await screen.findByText('editing Kauri board')).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
