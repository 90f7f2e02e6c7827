import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { useResourceMeta } from '../api/get-resources-meta';
import type { CustomWidget } from './field-input';
import { forMeta, type ListView } from './list-view';
import { PageHeader } from './page-header';
import { ResourceList, type ResourceListProps } from './resource-list';

// The form (inputs, dates, uploads, rich text) loads when a record is opened, not with the list.
const RecordDrawer = lazy(() => import('./record-drawer'));
const RecordPage = lazy(() => import('./record-page'));

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
  /** What the screen adds: widgets above the list, cells, its own record panel or editor, in a drawer or a page. */
  view?: ListView;
  /** Render without its own heading (inside tabs). */
  embedded?: boolean;
}

/**
 * The standard screen of a resource: heading, list, and the open record (`?record=<id>`, `new` for a
 * new one) in a drawer, or in place of the list when the view says `page`. Areas override what differs.
 */
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
  view = {},
  embedded,
}: ResourceScreenProps) {
  const { meta, isPending, isError, error } = useResourceMeta(resource);
  const [params, setParams] = useSearchParams();
  const open = params.get('record');
  const copyOf = open === 'new' ? params.get('copy') : null;
  /** Opens (or closes) a record over the list; `list` is the list's own URL to keep, when the list says it. */
  const setRecord = (id: string | null, copy?: string, replace?: boolean, list?: URLSearchParams) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(list ?? prev);
        if (id) next.set('record', id);
        else next.delete('record');
        if (copy) next.set('copy', copy);
        else next.delete('copy');
        return next;
      },
      { replace },
    );
  const allCells = useMemo(() => ({ ...forMeta(view.cells, meta), ...cells }), [view.cells, meta, cells]);
  const allWidgets = useMemo(() => ({ ...forMeta(view.widgets, meta), ...widgets }), [view.widgets, meta, widgets]);
  const heading = title ?? meta?.label.plural ?? 'Records';
  const canCreate = Boolean(meta?.operations.create && meta.permissions.write && !readOnly);
  const createButton = canCreate ? (
    view.page ? (
      // A page of its own: a link, as to any other page (the list's parameters ride along for the way back).
      <Button component={Link} to={{ search: `?${withParam(params, 'record', 'new')}` }} leftSection={<IconPlus size={16} aria-hidden />}>
        New {meta!.label.singular.toLowerCase()}
      </Button>
    ) : (
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRecord('new')}>
        New {meta!.label.singular.toLowerCase()}
      </Button>
    )
  ) : null;
  const recordProps = { close: () => setRecord(null), open: (id: string) => setRecord(id, undefined, true) };

  if (meta && open && view.page) {
    const list = new URLSearchParams(params);
    list.delete('record');
    list.delete('copy');
    return (
      <Suspense fallback={<Loader aria-label="Loading" />}>
        <RecordPage
          meta={meta}
          id={open}
          copyOf={copyOf}
          listLabel={heading}
          listSearch={list.size ? `?${list}` : ''}
          view={view}
          widgets={allWidgets}
          {...recordProps}
        />
      </Suspense>
    );
  }

  const Above = view.above;
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
      {Above && <Above />}
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
            cells={allCells}
            onOpen={(row, list) => setRecord(row.id, undefined, false, list)}
            onDuplicate={canCreate && (view.duplicate || (!view.record && !view.create)) ? (row) => setRecord('new', row.id) : undefined}
            emptyAction={createButton}
          />
          {open && (
            <Suspense fallback={null}>
              <RecordDrawer
                meta={meta}
                id={open}
                copyOf={copyOf}
                widgets={allWidgets}
                exclude={exclude}
                readOnly={readOnly}
                view={view}
                {...recordProps}
              />
            </Suspense>
          )}
        </>
      )}
    </>
  );
}

/** The URL's parameters with one set. */
function withParam(params: URLSearchParams, key: string, value: string) {
  const next = new URLSearchParams(params);
  next.set(key, value);
  return next;
}
