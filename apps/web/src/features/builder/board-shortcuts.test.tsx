import { MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type BoardAction, ShortcutsHelp, useBoardShortcuts } from './board-shortcuts';

function Harness({ calls, paused = false }: { calls: BoardAction[]; paused?: boolean }) {
  const record = (a: BoardAction) => () => calls.push(a);
  useBoardShortcuts(
    {
      newTask: record('newTask'),
      filter: record('filter'),
      board: record('board'),
      list: record('list'),
      team: record('team'),
      help: record('help'),
    },
    paused,
  );
  return <TextInput label="Title" />;
}

const mount = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);
const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) => fireEvent.keyDown(target, { key, ...init });

describe('board shortcuts', () => {
  it('n, /, b, l, t and ? each run their action', () => {
    const calls: BoardAction[] = [];
    mount(<Harness calls={calls} />);
    press('n');
    press('/');
    press('b');
    press('l');
    press('t');
    press('?', { shiftKey: true });
    expect(calls).toEqual(['newTask', 'filter', 'board', 'list', 'team', 'help']);
  });

  it('never fire while typing in an input, nor with a modifier held', () => {
    const calls: BoardAction[] = [];
    mount(<Harness calls={calls} />);
    const input = screen.getByLabelText('Title');
    press('n', {}, input);
    press('/', {}, input);
    press('b', { ctrlKey: true });
    press('l', { metaKey: true });
    expect(calls).toEqual([]);
  });

  it('are paused while a drawer or dialog is over the board', () => {
    const calls: BoardAction[] = [];
    mount(<Harness calls={calls} paused />);
    press('n');
    press('?', { shiftKey: true });
    expect(calls).toEqual([]);
  });

  it('the help lists every shortcut and how to move a card with the keyboard', () => {
    const close = vi.fn();
    mount(<ShortcutsHelp opened onClose={close} />);
    const keys = within(screen.getByRole('table', { name: 'Board shortcuts' }));
    for (const label of ['New task', 'Filter tasks', 'Board view', 'List view', 'Show these shortcuts']) keys.getByText(label);
    const moving = within(screen.getByRole('table', { name: 'Moving a card with the keyboard' }));
    moving.getByText('Pick the focused card up, or drop it');
    moving.getByText('Space');
    moving.getByText('Put the card back where it was');
  });
});
