import { Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { type ResourceMeta, useResourceMeta } from '../api/get-resources-meta';
import type { CustomWidget } from './field-input';
import { duplicateBody } from './list-row-actions';
import { PageHeader } from './page-header';
import { type Row, useRecord, useRecordMutations } from './resource-api';
import { ResourceForm } from './resource-form';
import { ResourceList, type ResourceListProps } from './resource-list';
import { showUndo } from './undo';

export interface ResourceScreenProps {
  /** Path of the resource, e.g. identity/admins. */
  resource: string;
  title?: string;
  description?: React.ReactNode;
  fixed?: Record<string, string>;
  columns?: string[];
  cells?: ResourceListProps['cells'];
  widgets?: Record<string, CustomWidget>;
  exclude?: string[];
  /** Hide the create button and form (read-only screens). */
  readOnly?: boolean;
  /** Rendered above the list (e.g. tabs). */
  children?: React.ReactNode;
  /** More header actions beside the create button (e.g. an owner-only action). */
  actions?: React.ReactNode;
  /** Wraps the drawer content, e.g. to show a record's details instead of a form. */
  renderRecord?: (row: Row, meta: ResourceMeta) => React.ReactNode;
  /** Render without its own heading (inside tabs). */
  embedded?: boolean;
}

/**
 * A record opened from the list: `?record=<id>` (or `new`) in the URL, shown in a drawer;
 * `?record=new&copy=<id>` is the create form prefilled from another record (Duplicate).
 */
function RecordDrawer({
  meta,
  id,
  copyOf,
  close,
  widgets,
  exclude,
  readOnly,
  renderRecord,
}: {
  meta: ResourceMeta;
  id: string;
  copyOf: string | null;
  close: () => void;
  widgets?: Record<string, CustomWidget>;
  exclude?: string[];
  readOnly: boolean;
  renderRecord?: ResourceScreenProps['renderRecord'];
}) {
  const creating = id === 'new';
  const record = useRecord(meta.path, creating ? copyOf : id);
  const { remove } = useRecordMutations(meta.path);
  const client = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const wide = useMediaQuery('(min-width: 48em)');
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
      title={
        <Text fw={700} component="h2" size="lg">
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
          {!creating && record.data && renderRecord ? (
            renderRecord(record.data, meta)
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

/** The standard screen of a resource: heading, list, and the record form in a drawer. Areas override what differs. */
export function ResourceScreen({
  resource,
  title,
  description,
  fixed,
  columns,
  cells,
  widgets,
  exclude,
  readOnly = false,
  children,
  actions,
  renderRecord,
  embedded,
}: ResourceScreenProps) {
  const { meta, isPending, isError, error } = useResourceMeta(resource);
  const [params, setParams] = useSearchParams();
  const open = params.get('record');
  const setRecord = (id: string | null, copy?: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('record', id);
      else next.delete('record');
      if (copy) next.set('copy', copy);
      else next.delete('copy');
      return next;
    });
  const heading = title ?? meta?.label.plural ?? 'Records';
  const canCreate = Boolean(meta?.operations.create && meta.permissions.write && !readOnly);
  const createButton = canCreate ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRecord('new')}>
      New {meta!.label.singular.toLowerCase()}
    </Button>
  ) : null;

  return (
    <>
      {!embedded && (
        <PageHeader
          title={heading}
          description={description}
          actions={
            actions || createButton ? (
              <>
                {actions}
                {createButton}
              </>
            ) : null
          }
        />
      )}
      {embedded && createButton && (
        <Group justify="flex-end" mb="sm">
          {createButton}
        </Group>
      )}
      {children}
      {isPending && <Loader aria-label="Loading" />}
      {(isError || (!isPending && !meta)) && (
        <Alert color="red" variant="light" title="Not available" role="alert">
          {isError && error instanceof ApiError
            ? error.message
            : 'Your role does not allow you to see these records. Ask an owner for access.'}
        </Alert>
      )}
      {meta && (
        <>
          <ResourceList
            meta={meta}
            fixed={fixed}
            columns={columns}
            cells={cells}
            onOpen={(row) => setRecord(row.id)}
            onDuplicate={canCreate && !renderRecord ? (row) => setRecord('new', row.id) : undefined}
            emptyAction={createButton}
          />
          {open && (
            <RecordDrawer
              meta={meta}
              id={open}
              copyOf={open === 'new' ? params.get('copy') : null}
              close={() => setRecord(null)}
              widgets={widgets}
              exclude={exclude}
              readOnly={readOnly}
              renderRecord={renderRecord}
            />
          )}
        </>
      )}
    </>
  );
}
