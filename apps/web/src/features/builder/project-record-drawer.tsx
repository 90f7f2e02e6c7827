import { Alert, Drawer, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { ApiError } from '../../api/client';
import { localeQuery } from '../../api/get-locale';
import { useResourceMeta } from '../../api/get-resources-meta';
import { type Row, useRecord } from '../../kit/resource-api';
import { ResourceForm } from '../../kit/resource-form';

/**
 * A project's record opened from a board or a list (`?task=<id>`, `?issue=<id>`: the links its
 * notices carry), or a new one (`new`, the board's `n` shortcut) in the project on screen: the kit's
 * form (with its history) in a drawer; `extra` shows what an opened record has beside its fields
 * (an issue's attachments and thread).
 */
export default function ProjectRecordDrawer({
  path,
  id,
  projectId,
  close,
  onSaved,
  extra,
}: {
  path: string;
  id: string;
  projectId: string;
  close: () => void;
  onSaved?: () => void;
  extra?: (record: Row) => ReactNode;
}) {
  const { meta: loaded } = useResourceMeta(path);
  // The kit's form resets its values when the community's currency arrives (its fields depend on it):
  // opened before that (the board never asked), what was typed first would be lost.
  const locale = useQuery(localeQuery());
  const meta = locale.isPending ? undefined : loaded;
  const creating = id === 'new';
  const record = useRecord(path, creating ? null : id);
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const prefill = useMemo(() => ({ projectId }), [projectId]);
  const noun = loaded?.label.singular ?? 'Record';
  const title = creating ? `New ${noun.toLowerCase()}` : String(record.data?.[loaded?.ui.title ?? 'title'] ?? noun);
  const saved = () => {
    onSaved?.();
    close();
  };
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
          {record.error instanceof ApiError ? record.error.message : `This ${noun.toLowerCase()} could not be loaded.`}
        </Alert>
      ) : null}
      <Stack>
        {!creating && record.data && extra ? extra(record.data) : null}
        {meta && (creating || record.data) ? (
          <ResourceForm
            meta={meta}
            record={creating ? null : record.data}
            prefill={creating ? prefill : undefined}
            onSaved={saved}
            onCancel={close}
            readOnly={!meta.permissions.write}
          />
        ) : null}
      </Stack>
    </Drawer>
  );
}
