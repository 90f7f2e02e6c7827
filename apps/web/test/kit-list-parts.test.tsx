import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { exportFileName } from '../src/kit/list-export';
import { ListPager } from '../src/kit/list-pager';
import { formatTotal, rangeText } from '../src/kit/list-total';
import type { ListState } from '../src/kit/use-list-params';
import { productsMeta } from './fixtures';
import { renderAt } from './render';

const state: ListState = { q: '', sort: 'name', page: 1, limit: 25, cursor: '', filters: {} };

describe('list totals', () => {
  it('shows exact counts, capped counts and estimates the way people read them', () => {
    expect(formatTotal({ total: 1234 })).toBe('1,234');
    expect(formatTotal({ total: 987, totalIsEstimate: false, totalAtLeast: null })).toBe('987');
    // The count stopped at 1,000: that many and more, whatever the planner guessed beyond.
    expect(formatTotal({ total: 8_600, totalIsEstimate: true, totalAtLeast: 1_000 })).toBe('1,000+');
    // An estimate made without counting (far past the cap).
    expect(formatTotal({ total: 8_600, totalIsEstimate: true, totalAtLeast: null })).toBe('about 8.6K');
    expect(formatTotal({ total: 1_234_567, totalIsEstimate: true })).toBe('about 1.2M');
    // An older server's capped estimate (no totalAtLeast) at or below the cap.
    expect(formatTotal({ total: 1_000, totalIsEstimate: true })).toBe('1,000+');
    expect(formatTotal({ total: null })).toBeNull();
    expect(rangeText(26, 25, { total: 1_234_567, totalIsEstimate: true })).toBe('26–50 of about 1.2M');
    expect(rangeText(26, 25, { total: 9_100, totalIsEstimate: true, totalAtLeast: 1_000 })).toBe('26–50 of 1,000+');
    expect(rangeText(1, 3, { total: null })).toBe('1–3');
  });

  it('names the export after the list and the date, not the API path', () => {
    expect(exportFileName(productsMeta, new Date('2026-11-23T10:00:00Z'))).toBe('Products 2026-11-23.csv');
  });
});

describe('ListPager', () => {
  it('numbers the pages of a small exact total', () => {
    const update = vi.fn();
    renderAt(
      <ListPager
        state={state}
        count={25}
        size={{ total: 60, totalIsEstimate: false, totalAtLeast: null }}
        nextCursor="c1"
        update={update}
      />,
    );
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–25 of 60');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(update).toHaveBeenCalledWith({ page: 3 });
  });

  it('pages an estimated total by the server’s cursor', () => {
    const update = vi.fn();
    renderAt(<ListPager state={state} count={25} size={{ total: 1_200_000, totalIsEstimate: true }} nextCursor="c1" update={update} />);
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–25 of about 1.2M');
    expect(screen.queryByRole('button', { name: '3' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(update).toHaveBeenCalledWith({ page: 2, cursor: 'c1' });
  });

  it('shows where a stopped count stopped and pages by cursor', () => {
    const update = vi.fn();
    renderAt(
      <ListPager
        state={state}
        count={25}
        size={{ total: 8_571, totalIsEstimate: true, totalAtLeast: 1_000 }}
        nextCursor="c1"
        update={update}
      />,
    );
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–25 of 1,000+');
    expect(screen.queryByRole('button', { name: '3' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(update).toHaveBeenCalledWith({ page: 2, cursor: 'c1' });
  });

  it('offers no next page when the cursor runs out', () => {
    renderAt(<ListPager state={{ ...state, page: 4, cursor: 'c3' }} count={5} size={{ total: null }} nextCursor={null} update={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
  });
});
