import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, request } from '../api/client';

/** POST /api/v1/<path>/undo: the caller's latest deletion or change of these records, undone (15 minutes). */
export const undoRecords = (path: string, ids: string[], action: 'delete' | 'update') =>
  request<{ restored: number; ids: string[] }>('POST', `/api/v1/${path}/undo`, { body: { ids, action } });

export interface UndoNotice {
  client: QueryClient;
  path: string;
  ids: string[];
  action: 'delete' | 'update';
  /** What happened, e.g. "“Summer sale” deleted". */
  message: string;
}

/**
 * The notice after a deletion or a bulk change, with an Undo button for 15 seconds (the server keeps
 * the undo possible for 15 minutes, as long as nobody changed the records since).
 */
export function showUndo({ client, path, ids, action, message }: UndoNotice) {
  const id = `undo-${path}-${Date.now()}`;
  async function undo() {
    notifications.update({ id, message: 'Undoing…', loading: true, autoClose: false });
    try {
      const result = await undoRecords(path, ids, action);
      await client.invalidateQueries({ queryKey: ['resource', path] });
      notifications.update({
        id,
        color: 'teal',
        loading: false,
        autoClose: 4000,
        message: action === 'delete' ? `Restored ${result.restored === 1 ? 'it' : `${result.restored} records`}` : 'Change undone',
      });
    } catch (err) {
      notifications.update({
        id,
        color: 'red',
        loading: false,
        autoClose: 8000,
        title: 'Not undone',
        message: err instanceof ApiError ? err.message : 'Try again',
      });
    }
  }
  notifications.show({
    id,
    color: 'teal',
    autoClose: 15_000,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="light" onClick={undo}>
          Undo
        </Button>
      </Group>
    ),
  });
}
