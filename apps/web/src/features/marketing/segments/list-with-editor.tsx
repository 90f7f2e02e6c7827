import { Alert, Button, Drawer, Group, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { type ResourceMeta, useResourceMeta } from '../../../api/get-resources-meta';
import { type Row, useRecord } from '../../../kit/resource-api';
import { ResourceList } from '../../../kit/resource-list';
import { StoredCount } from './stored-count';

export interface ListWithEditorProps {
  /** The resource listed (e.g. marketing/segments). */
  path: string;
  /** The URL parameter of the record open in the drawer (`?segment=<id>` or `new`). */
  param: string;
  /** "segment", "audience": the create button and the refusal name it. */
  singular: string;
  plural: string;
  /** The drawer's width on a wide screen. */
  size?: 'lg' | 'xl';
  /** The editor of one record (null: a new one), shown in the drawer once the record is loaded. */
  editor: (row: Row | null, meta: ResourceMeta, close: () => void) => ReactNode;
}

/** A record opened from the list (`?<param>=<id>` or `new`), loaded and edited in a drawer. */
function EditorDrawer({
  id,
  meta,
  close,
  singular,
  size,
  editor,
}: Pick<ListWithEditorProps, 'singular' | 'size' | 'editor'> & { id: string; meta: ResourceMeta; close: () => void }) {
  const creating = id === 'new';
  const record = useRecord(meta.path, creating ? null : id);
  const wide = useMediaQuery('(min-width: 48em)');
  const noun = singular.charAt(0).toUpperCase() + singular.slice(1);
  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size={wide ? (size ?? 'lg') : '100%'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Text fw={700} size="lg" component="span">
          {creating ? `New ${singular}` : String(record.data?.name ?? noun)}
        </Text>
      }
    >
      {!creating && record.isPending && <Loader aria-label="Loading" />}
      {!creating && record.isError && (
        <Alert color="red" variant="light" role="alert">
          This {singular} could not be loaded.
        </Alert>
      )}
      {(creating || record.data) && <div key={id}>{editor(creating ? null : (record.data ?? null), meta, close)}</div>}
    </Drawer>
  );
}

/** A kit list (with each record's stored contact count) whose records open in a drawer with this screen's own editor. */
export function ListWithEditor({ path, param, singular, plural, size, editor }: ListWithEditorProps) {
  const { meta, isPending } = useResourceMeta(path);
  const [params, setParams] = useSearchParams();
  const open = params.get(param);
  const setOpen = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set(param, id);
      else next.delete(param);
      return next;
    });
  if (isPending) return <Loader aria-label="Loading" />;
  if (!meta) {
    return (
      <Alert color="red" variant="light" role="alert">
        Your role does not allow you to see {plural}.
      </Alert>
    );
  }
  const createButton = meta.permissions.write ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen('new')}>
      New {singular}
    </Button>
  ) : null;
  return (
    <>
      <Group justify="flex-end" mb="sm">
        {createButton}
      </Group>
      <ResourceList
        meta={meta}
        cells={{ contactCount: (row) => <StoredCount row={row} /> }}
        onOpen={(row) => setOpen(row.id)}
        emptyAction={createButton}
      />
      {open && <EditorDrawer id={open} meta={meta} close={() => setOpen(null)} singular={singular} size={size} editor={editor} />}
    </>
  );
}
