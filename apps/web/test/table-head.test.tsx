import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableHead } from '../src/kit/table-head';
import { renderAt } from './render';

describe('TableHead', () => {
  it('heads the columns in order, leaves out `false` ones and names a column of buttons', () => {
    renderAt(
      <Table>
        <TableHead columns={['Name', false, 'Email', '']} />
      </Table>,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent || th.getAttribute('aria-label'))).toEqual([
      'Name',
      'Email',
      'Actions',
    ]);
  });
});
