import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { useRecordMutations } from './resource-api';
import { showUndo } from './undo';

const countOf = (meta: ResourceMeta, n: number) => `${n} ${n === 1 ? meta.label.singular.toLowerCase() : meta.label.plural.toLowerCase()}`;

/** "Delete N" for the selected rows, confirmed in a dialog, deleted in one call. */
export function BulkDelete({ meta, ids, onDone }: { meta: ResourceMeta; ids: string[]; onDone: () => void }) {
  const { bulkRemove } = useRecordMutations(meta.path);
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  async function remove() {
    try {
      const result = await bulkRemove.mutateAsync(ids);
      showUndo({ client, path: meta.path, ids: result.ids, action: 'delete', message: `Deleted ${countOf(meta, result.deleted)}` });
      onDone();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not deleted', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setConfirming(false);
    }
  }
  if (ids.length === 0) return null;
  return (
    <>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)}>
        Delete {ids.length}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${countOf(meta, ids.length)}?`}
        centered
      >
        <Text size="sm">You can undo it for a few minutes.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={remove} loading={bulkRemove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
