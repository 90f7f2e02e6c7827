import { Alert, Drawer, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../api/client';
import { localeQuery } from '../../api/get-locale';
import { useResourceMeta } from '../../api/get-resources-meta';
import { useRecord } from '../../kit/resource-api';
import { ResourceForm } from '../../kit/resource-form';
import { TASKS } from './api';

/**
 * A task opened from the board or the list (`?task=<id>`, the link an assignment notice carries), or
 * a new one (`?task=new`, the `n` shortcut) in the project on screen: the kit's form in a drawer.
 */
export default function TaskDrawer({ id, projectId, close }: { id: string; projectId: string; close: () => void }) {
  const { meta: loaded } = useResourceMeta(TASKS);
  // The kit's form resets its values when the community's currency arrives (its fields depend on it):
  // opened before that (the board never asked), what was typed first would be lost.
  const locale = useQuery(localeQuery());
  const meta = locale.isPending ? undefined : loaded;
  const creating = id === 'new';
  const record = useRecord(TASKS, creating ? null : id);
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const prefill = useMemo(() => ({ projectId }), [projectId]);
  const title = creating ? 'New task' : String(record.data?.title ?? 'Task');
  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size={wide ? 'xl' : '100%'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Text fw={700} component="span" size="lg">
          {title}
        </Text>
      }
    >
      {!meta || (!creating && record.isPending) ? <Loader aria-label="Loading" /> : null}
      {!creating && record.isError ? (
        <Alert color="red" variant="light" role="alert">
          {record.error instanceof ApiError ? record.error.message : 'This task could not be loaded.'}
        </Alert>
      ) : null}
      {meta && (creating || record.data) ? (
        <ResourceForm
          meta={meta}
          record={creating ? null : record.data}
          prefill={creating ? prefill : undefined}
          onSaved={close}
          onCancel={close}
          readOnly={!meta.permissions.write}
        />
      ) : null}
    </Drawer>
  );
}
