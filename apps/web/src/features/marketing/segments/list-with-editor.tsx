import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { type ResourceMeta, useResourceMeta } from '../../../api/get-resources-meta';
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
  /** The drawer of one record (or of a new one, id `new`). */
  drawer: (id: string, meta: ResourceMeta, close: () => void) => ReactNode;
}

/** A kit list (with each record's stored contact count) whose records open in this screen's own editor drawer. */
export function ListWithEditor({ path, param, singular, plural, drawer }: ListWithEditorProps) {
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
      {open && drawer(open, meta, () => setOpen(null))}
    </>
  );
}
