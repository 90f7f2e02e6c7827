import { Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import type { CustomWidget } from './field-input';
import { duplicateBody } from './list-row-actions';
import type { ListView } from './list-view';
import { useRecord, useRecordMutations } from './resource-api';
import { ResourceForm } from './resource-form';
import { showUndo } from './undo';

/**
 * A record opened from the list: `?record=<id>` (or `new`) in the URL, shown in a drawer — the kit's
 * form, or the screen's own panel or editor; `?record=new&copy=<id>` is the create form prefilled
 * from another record (Duplicate).
 */
export default function RecordDrawer({
  meta,
  id,
  copyOf,
  close,
  widgets,
  exclude,
  readOnly,
  view,
  open,
}: {
  meta: ResourceMeta;
  id: string;
  copyOf: string | null;
  close: () => void;
  widgets?: Record<string, CustomWidget>;
  exclude?: string[];
  readOnly: boolean;
  /** The screen's own record panel and new-record editor, if it has them. */
  view: Pick<ListView, 'record' | 'create'>;
  open: (id: string) => void;
}) {
  const creating = id === 'new';
  const { record: Panel, create: Create } = view;
  const record = useRecord(meta.path, creating ? copyOf : id);
  const { remove } = useRecordMutations(meta.path);
  const client = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const source = creating && copyOf ? record.data : undefined;
  const prefill = useMemo(() => (source ? duplicateBody(meta, source) : undefined), [meta, source]);
  const title = creating
    ? source
      ? `Copy of ${String(source[meta.ui.title] ?? meta.label.singular.toLowerCase())}`
      : `New ${meta.label.singular.toLowerCase()}`
    : String(record.data?.[meta.ui.title] ?? meta.label.singular);
  const canWrite = meta.permissions.write && !readOnly;
  const waiting = (!creating || copyOf) && record.isPending;

  async function doDelete() {
    try {
      await remove.mutateAsync(id);
      showUndo({ client, path: meta.path, ids: [id], action: 'delete', message: `“${title}” deleted` });
      close();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not deleted', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setConfirm(false);
    }
  }

  return (
    <Drawer
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={close}
      position="right"
      size={wide ? 'xl' : '100%'}
      // The drawer's title is its h2 already (Mantine's Drawer.Title): plain text in it, not a second heading.
      title={
        <Text fw={700} component="span" size="lg">
          {title}
        </Text>
      }
    >
      {waiting && <Loader aria-label="Loading" />}
      {(!creating || copyOf) && record.isError && (
        <Alert color="red" variant="light" role="alert">
          {record.error instanceof ApiError ? record.error.message : 'This record could not be loaded.'}
        </Alert>
      )}
      {((creating && (!copyOf || prefill)) || (!creating && record.data)) && (
        <Stack>
          {creating && Create ? (
            <Create key={`${id}:${copyOf ?? ''}`} meta={meta} close={close} open={open} copyOf={copyOf} />
          ) : !creating && record.data && Panel ? (
            <Panel key={id} row={record.data} meta={meta} close={close} open={open} />
          ) : (
            <ResourceForm
              meta={meta}
              record={creating ? null : record.data}
              prefill={prefill}
              widgets={widgets}
              exclude={exclude}
              onSaved={close}
              onCancel={close}
              readOnly={!canWrite || (!creating && !meta.operations.update)}
            />
          )}
          {!creating && canWrite && meta.operations.delete && (
            <Group justify="flex-start" mt="md">
              {confirm ? (
                <Group gap="xs">
                  <Text size="sm">Delete this {meta.label.singular.toLowerCase()}?</Text>
                  <Button color="red" size="xs" onClick={doDelete} loading={remove.isPending}>
                    Yes, delete
                  </Button>
                  <Button variant="default" size="xs" onClick={() => setConfirm(false)}>
                    Keep
                  </Button>
                </Group>
              ) : (
                <Button
                  color="red"
                  variant="subtle"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setConfirm(true)}
                >
                  Delete {meta.label.singular.toLowerCase()}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
