import { Tooltip } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoveButton } from '../src/kit/remove-button';
import { renderAt } from './render';

describe('RemoveButton', () => {
  it('is a button named by its label that removes on click, also inside a tooltip', async () => {
    const onClick = vi.fn();
    renderAt(
      <Tooltip label="Remove">
        <RemoveButton label="Remove 2. Text" onClick={onClick} />
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Remove 2. Text' });
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden');
    await userEvent.hover(button);
    expect(await screen.findByText('Remove')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
