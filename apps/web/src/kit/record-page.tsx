import { Alert, Anchor, Group, Loader, Paper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import type { CustomWidget } from './field-input';
import { duplicateBody } from './list-row-actions';
import type { ListView } from './list-view';
import { PageHeader } from './page-header';
import { useRecord } from './resource-api';
import { ResourceForm } from './resource-form';

/**
 * The open record of a list whose view says `page`: `?record=<id>` (or `new`, with `&copy=<id>` for a
 * Duplicate) in place of the list, under the record's own heading with a link back to the list. The
 * view's `record`/`create` show it; without them, the kit's form (a save goes back to the list).
 */
export default function RecordPage({
  meta,
  id,
  copyOf,
  listLabel,
  listSearch,
  view,
  widgets,
  close,
  open,
}: {
  meta: ResourceMeta;
  id: string;
  /** The record a new one copies (Duplicate), or null. */
  copyOf: string | null;
  listLabel: string;
  /** The list's own parameters (search, filters, page), kept by the link back. */
  listSearch: string;
  view: ListView;
  widgets?: Record<string, CustomWidget>;
  close: () => void;
  open: (id: string) => void;
}) {
  const creating = id === 'new';
  // A new record's copy source is read here too: the heading names it, the kit's form is prefilled from it.
  const record = useRecord(meta.path, creating ? copyOf : id);
  const source = creating && copyOf ? record.data : undefined;
  const prefill = useMemo(() => (source ? duplicateBody(meta, source) : undefined), [meta, source]);
  const singular = meta.label.singular.toLowerCase();
  const title = creating
    ? source
      ? `Copy of ${String(source[meta.ui.title] ?? singular)}`
      : `New ${singular}`
    : String(record.data?.[meta.ui.title] ?? meta.label.singular);
  const back = (
    <Anchor component={Link} to={{ search: listSearch }} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> Back to {listLabel.toLowerCase()}
      </Group>
    </Anchor>
  );
  const { record: Record, create: Create } = view;
  let body: React.ReactNode;
  if ((!creating || copyOf) && record.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {record.error instanceof ApiError ? record.error.message : 'This record could not be loaded.'}
      </Alert>
    );
  else if ((!creating || copyOf) && !record.data) body = <Loader aria-label="Loading" />;
  else if (creating && Create) body = <Create meta={meta} close={close} open={open} copyOf={copyOf} />;
  else if (!creating && Record && record.data) body = <Record row={record.data} meta={meta} close={close} open={open} />;
  else
    body = (
      <Paper withBorder p="md" radius="md">
        <ResourceForm
          meta={meta}
          record={creating ? null : (record.data ?? null)}
          prefill={prefill}
          widgets={widgets}
          onSaved={close}
          onCancel={close}
          readOnly={!meta.permissions.write || (creating ? !meta.operations.create : !meta.operations.update)}
        />
      </Paper>
    );
  return (
    <>
      <PageHeader title={title} description={back} />
      <div key={`${id}:${copyOf ?? ''}`}>{body}</div>
    </>
  );
}
