import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';

/** What a board shortcut does (the board page supplies each action). */
export type BoardAction = 'newTask' | 'filter' | 'board' | 'list' | 'team' | 'help';

/** The board's keys, as Linear's users expect them; `hotkey` is Mantine's notation, `keys` what the help shows. */
export const BOARD_SHORTCUTS: { hotkey: string; keys: string[]; action: BoardAction; label: string }[] = [
  { hotkey: 'n', keys: ['N'], action: 'newTask', label: 'New task' },
  { hotkey: '/', keys: ['/'], action: 'filter', label: 'Filter tasks' },
  { hotkey: 'b', keys: ['B'], action: 'board', label: 'Board view' },
  { hotkey: 'l', keys: ['L'], action: 'list', label: 'List view' },
  { hotkey: 't', keys: ['T'], action: 'team', label: 'Team view (hours against capacity)' },
  { hotkey: 'shift+?', keys: ['?'], action: 'help', label: 'Show these shortcuts' },
];

/** Moving a card is dnd-kit's keyboard sensor (already on the board): listed in the help, not bound here. */
const CARD_KEYS: { keys: string[]; label: string }[] = [
  { keys: ['Tab'], label: 'Focus a card' },
  { keys: ['Space', 'Enter'], label: 'Pick the focused card up, or drop it' },
  { keys: ['←', '↑', '→', '↓'], label: 'Move the picked-up card to another column or place' },
  { keys: ['Esc'], label: 'Put the card back where it was' },
];

/**
 * Binds the board's shortcuts on the page. They never fire while typing in an input, text area, select
 * or rich text (Mantine's default), nor while `paused` (a dialog or drawer is open over the board).
 */
export function useBoardShortcuts(actions: Record<BoardAction, () => void>, paused: boolean) {
  useHotkeys(
    BOARD_SHORTCUTS.map(({ hotkey, action }) => [
      hotkey,
      () => {
        if (!paused) actions[action]();
      },
    ]),
  );
}

const keyList = (keys: string[]) =>
  keys.map((k, i) => (
    <span key={k}>
      {i > 0 ? ' ' : null}
      <Kbd>{k}</Kbd>
    </span>
  ));

/** The `?` dialog: every board shortcut, and how to move a card with the keyboard. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Table aria-label="Board shortcuts">
        <Table.Tbody>
          {BOARD_SHORTCUTS.map((s) => (
            <Table.Tr key={s.hotkey}>
              <Table.Td w={110}>{keyList(s.keys)}</Table.Td>
              <Table.Td>{s.label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fw={600} size="sm" mt="md" mb={4}>
        Moving a card
      </Text>
      <Table aria-label="Moving a card with the keyboard">
        <Table.Tbody>
          {CARD_KEYS.map((s) => (
            <Table.Tr key={s.label}>
              <Table.Td w={110}>{keyList(s.keys)}</Table.Td>
              <Table.Td>{s.label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
