import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { type ResourceMeta, useResourceMeta } from '../api/get-resources-meta';
import type { CustomWidget } from './field-input';
import { PageHeader } from './page-header';
import type { Row } from './resource-api';
import { ResourceList, type ResourceListProps } from './resource-list';

// The form (inputs, dates, uploads, rich text) loads when a record is opened, not with the list.
const RecordDrawer = lazy(() => import('./record-drawer'));

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
  /**
   * The records' own page (a product's editor): a row opens `<editor>?id=<id>`, New opens `<editor>`,
   * Duplicate `<editor>?copy=<id>`, instead of the drawer.
   */
  editor?: string;
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
  editor,
}: ResourceScreenProps) {
  const { meta, isPending, isError, error } = useResourceMeta(resource);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const open = editor ? null : params.get('record');
  const setRecord = (id: string | null, copy?: string) =>
    editor
      ? navigate(
          id === 'new' ? (copy ? `${editor}?copy=${encodeURIComponent(copy)}` : editor) : `${editor}?id=${encodeURIComponent(id ?? '')}`,
        )
      : setParams((prev) => {
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
            <Suspense fallback={null}>
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
            </Suspense>
          )}
        </>
      )}
    </>
  );
}
