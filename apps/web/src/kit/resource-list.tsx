import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { type ResourceMeta, useResourcesMeta } from '../api/get-resources-meta';
import { createStore, useStore } from '../lib/store';
import { BulkDelete } from './list-bulk-delete';
import { BulkEdit } from './list-bulk-edit';
import { ListCards, ListCardsSkeleton } from './list-cards';
import { ColumnChooser } from './list-columns';
import { ExportButton } from './list-export';
import { ListFilters } from './list-filters';
import { ImportButton } from './list-import';
import { ListPager } from './list-pager';
import { RowActions } from './list-row-actions';
import { StatusTabs, statusTabsOf } from './list-status-tabs';
import { useActiveView, type ViewState, ViewsMenu } from './list-views';
import { formatMoney, toMinorUnits } from './money';
import { useResourceCurrency } from './money-input';
import { type Row, relatedTitles, useRecordList } from './resource-api';
import { RowCheck } from './row-check';
import { displayText, type FieldDef, outputFields, recordCurrency, scaleFor, statusFieldOf } from './schema';
import { useSearchBox } from './search-sync';
import { OptionBadge } from './status-badge';
import { useListParams } from './use-list-params';

/** Chosen columns per resource, for this visit (memory only). */
const columnChoices = createStore<Record<string, string[]>>({});

const VIRTUAL_FROM = 60;
const NO_CELLS: Record<string, (row: Row) => React.ReactNode> = {};
const NO_ROWS: Row[] = [];
const ROW_HEIGHT = 41;

export interface ResourceListProps {
  meta: ResourceMeta;
  /** Filters the screen fixes, e.g. { kind: 'error' } (not shown, not changeable). */
  fixed?: Record<string, string>;
  /** Columns to show first (default: the resource's ui.columns). */
  columns?: string[];
  /** A screen's own rendering of some cells. */
  cells?: Record<string, (row: Row) => React.ReactNode>;
  /**
   * Opens a row. `list` is the list's URL as the user leaves it (a search still being typed included),
   * for a record opened on the same page to keep under it.
   */
  onOpen?: (row: Row, list: URLSearchParams) => void;
  /** Opens the create form prefilled from a row (the row menu's Duplicate; absent = not offered). */
  onDuplicate?: (row: Row) => void;
  /** Shown in the empty state when nothing exists yet (e.g. a create button). */
  emptyAction?: React.ReactNode;
  selectable?: boolean;
}

function SortIcon({ active, descending }: { active: boolean; descending: boolean }) {
  if (!active) return null;
  return descending ? <IconArrowDown size={14} aria-hidden /> : <IconArrowUp size={14} aria-hidden />;
}

/**
 * The generic list: server paging, sort, search and filters kept in the URL, a column chooser, row
 * selection with bulk delete, CSV export, empty/error states, skeletons and virtualised long pages.
 */
export function ResourceList({
  meta,
  fixed,
  columns,
  cells = NO_CELLS,
  onOpen,
  onDuplicate,
  emptyAction,
  selectable = true,
}: ResourceListProps) {
  const { state, update, paramsWith, apiQuery, params } = useListParams(meta, fixed);
  const currency = useResourceCurrency(meta);
  const fields = useMemo(() => outputFields(meta, currency), [meta, currency]);
  const byKey = useMemo(() => new Map(fields.map((f) => [f.key, f])), [fields]);
  const choices = useStore(columnChoices);
  const defaultColumns = (columns ?? meta.ui.columns).filter((c) => byKey.has(c));
  const visible = (choices[meta.path] ?? defaultColumns).filter((c) => byKey.has(c));
  // Saved views: the one used last comes back when the list opens without parameters of its own.
  const applyView = useCallback(
    (view: ViewState) => {
      update({ q: view.q, sort: view.sort, filters: view.filters });
      const { [meta.path]: _dropped, ...others } = columnChoices.get();
      columnChoices.set(view.columns ? { ...others, [meta.path]: view.columns } : others);
    },
    [update, meta.path],
  );
  const hasParams = [...params.keys()].some((k) => k !== 'record' && k !== 'id');
  const views = useActiveView(meta, hasParams, applyView, state);
  const statusTabs = statusTabsOf(meta);
  const statusValues = statusTabs ? (state.filters[statusTabs.field] ?? []) : [];
  const tabsField = statusTabs?.field;
  const chooseStatus = useCallback(
    (status: string) => {
      if (!tabsField) return;
      const { [tabsField]: _old, ...others } = state.filters;
      update({ filters: status ? { ...others, [tabsField]: [status] } : others });
    },
    [tabsField, state.filters, update],
  );
  // Relation columns show the related records' titles: the server adds them (?expand=, one query per column),
  // for the related resources the caller may read (the others would refuse the whole list).
  const metas = useResourcesMeta();
  const readable = metas.data;
  const canExpand = (f: FieldDef | undefined) => Boolean(f?.ref && readable?.some((m) => m.path === f.ref));
  const expand = visible
    .map((c) => byKey.get(c))
    .filter((f) => (f?.kind === 'relation' || f?.kind === 'relations') && f.expand && canExpand(f))
    .map((f) => f!.expand)
    .join(',');
  // Waits for what the caller may read (usually known already) so the page loads once, with its titles.
  const list = useRecordList(meta.path, expand ? { ...apiQuery, expand } : apiQuery, !metas.isPending);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // On a phone, stacked cards (title, status, open) instead of a table scrolled sideways. Read at the
  // first render (not after an effect), so a phone never lays out the wide table first (layout shift).
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const canDelete = selectable && meta.operations.delete && meta.permissions.write;
  const titleKey = byKey.has(meta.ui.title) ? meta.ui.title : visible[0];
  const statusField = byKey.get(statusFieldOf(meta));

  // The box follows the URL (back button, a saved view) but not the echoes of what was just typed.
  const search = useSearchBox(state.q, (q) => update({ q }));
  // Opening a record takes a search still waiting for its debounce along (the box shows it, so the way
  // back must too) in the record's own navigation: a separate push would land after it and either lose
  // the record or navigate back to the list while a lazily loaded record page is on its way.
  const open = onOpen
    ? (row: Row) => {
        search.cancel();
        // What the box shows, even where the URL has not caught up with it yet.
        onOpen(row, search.value === state.q ? params : paramsWith({ q: search.value }));
      }
    : undefined;
  // A new page or view clears the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(() => setSelected(new Set()), [JSON.stringify(apiQuery)]);

  const rows = list.data?.data ?? NO_ROWS;
  const total = list.data?.total ?? null;
  const filtered = Boolean(state.q) || Object.keys(state.filters).length > 0;
  const sortKey = state.sort.replace(/^-/, '');
  const descending = state.sort.startsWith('-');

  const toggleSort = (key: string) => {
    if (!meta.list.sort.includes(key)) return;
    update({ sort: sortKey === key && !descending ? `-${key}` : key });
  };

  const cellText = (f: FieldDef | undefined, row: Row, key: string) => {
    const value = row[key];
    if (f?.kind === 'money' && typeof value === 'number') {
      // Each row may be in its own currency (an order's); minor units convert with that currency's digits.
      const code = recordCurrency(meta, row, currency);
      return formatMoney(f.minorUnits ? value : toMinorUnits(value / scaleFor(f, code), code), code);
    }
    if (f?.expand && (f.kind === 'relation' || f.kind === 'relations')) {
      // Never an id: a record the caller may not read shows as hidden.
      if (!canExpand(f)) return value == null || (Array.isArray(value) && value.length === 0) ? '' : 'Hidden';
      return relatedTitles(row, f.expand, value);
    }
    return displayText(f, value);
  };

  const renderCell = (row: Row, key: string) => {
    const custom = cells[key];
    if (custom) return custom(row);
    const f = byKey.get(key);
    const value = row[key];
    if (f?.kind === 'select' && value != null) return <OptionBadge field={f} value={value} />;
    if (typeof value === 'boolean')
      return (
        <Badge variant="dot" color={value ? 'teal' : 'gray'} tt="none">
          {value ? 'Yes' : 'No'}
        </Badge>
      );
    if (f?.kind === 'color' && typeof value === 'string') {
      return (
        <Group gap={6} wrap="nowrap">
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: 3,
              background: value,
              border: '1px solid var(--mantine-color-default-border)',
            }}
          />
          {value}
        </Group>
      );
    }
    const text = cellText(f, row, key);
    return (
      <Text size="sm" lineClamp={2} maw={360} fw="inherit">
        {text}
      </Text>
    );
  };

  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someOnPage = rows.some((r) => selected.has(r.id));
  const toggleRow = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  // Virtualise long pages: only the rows in view are in the DOM.
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length >= VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = virtual && items.length ? items[0].start : 0;
  const padBottom = virtual && items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const shown = virtual ? items.map((i) => rows[i.index]) : rows;
  const withActions =
    Boolean(onOpen) || (meta.permissions.write && ((meta.operations.create && Boolean(onDuplicate)) || meta.operations.delete));
  const colSpan = visible.length + (canDelete ? 1 : 0) + (withActions ? 1 : 0);
  const titleText = (row: Row) => cellText(byKey.get(titleKey), row, titleKey) || meta.label.singular;
  // The rows' menus call the latest open and duplicate (new functions on each render of the list), so
  // a phone's cards, which are skipped while their row is unchanged, never hold an old one.
  const latest = useRef({ open, onDuplicate });
  latest.current = { open, onDuplicate };
  const openLatest = useCallback((row: Row) => latest.current.open?.(row), []);
  const duplicateLatest = useCallback((row: Row) => latest.current.onDuplicate?.(row), []);
  const actions = (row: Row) => (
    <RowActions
      meta={meta}
      row={row}
      title={titleText(row)}
      onOpen={open ? openLatest : undefined}
      onDuplicate={onDuplicate ? duplicateLatest : undefined}
    />
  );
  // A phone's cards render after the rows arrive, as a transition the browser can interrupt (a blocking
  // render of every card was the list's longest task); the skeleton stays until they are drawn.
  const cardRows = useDeferredValue(rows);
  const cardsVersion = useMemo(() => ({ meta, byKey, titleKey, readable, cells }), [meta, byKey, titleKey, readable, cells]);

  const header = (
    <Table.Tr>
      {canDelete && (
        <Table.Th w={40}>
          <RowCheck
            label="Select all rows on this page"
            checked={allOnPage}
            indeterminate={someOnPage && !allOnPage}
            onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))}
          />
        </Table.Th>
      )}
      {visible.map((key) => {
        const sortable = meta.list.sort.includes(key);
        const active = sortKey === key;
        const label = byKey.get(key)?.label ?? key;
        return (
          <Table.Th key={key} aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined} style={{ whiteSpace: 'nowrap' }}>
            {sortable ? (
              <button
                type="button"
                className="atrium-nav-link atrium-sortable"
                style={{ padding: 0, fontWeight: 700 }}
                onClick={() => toggleSort(key)}
              >
                {label}
                <SortIcon active={active} descending={descending} />
              </button>
            ) : (
              label
            )}
          </Table.Th>
        );
      })}
      {withActions && (
        <Table.Th w={48}>
          <VisuallyHidden>Actions</VisuallyHidden>
        </Table.Th>
      )}
    </Table.Tr>
  );

  const body = list.isPending ? (
    Array.from({ length: 6 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
      <Table.Tr key={i} data-testid="skeleton-row">
        {canDelete && <Table.Td />}
        {visible.map((k) => (
          <Table.Td key={k}>
            <Skeleton h={14} radius="sm" />
          </Table.Td>
        ))}
        {withActions && <Table.Td />}
      </Table.Tr>
    ))
  ) : (
    <>
      {padTop > 0 && (
        <tr aria-hidden>
          <td colSpan={colSpan} style={{ height: padTop, padding: 0 }} />
        </tr>
      )}
      {shown.map((row) => (
        <Table.Tr
          key={row.id}
          onClick={open ? () => open(row) : undefined}
          style={onOpen ? { cursor: 'pointer' } : undefined}
          bg={selected.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined}
          data-testid="resource-row"
        >
          {canDelete && (
            <Table.Td onClick={(e) => e.stopPropagation()}>
              <RowCheck
                label={`Select ${displayText(byKey.get(meta.ui.title), row[meta.ui.title]) || row.id}`}
                checked={selected.has(row.id)}
                onChange={() => toggleRow(row.id)}
              />
            </Table.Td>
          )}
          {visible.map((key, i) => (
            // data-kind tells what the cell holds (free text vs. an enum shown by its label) to the screen tests.
            <Table.Td key={key} data-kind={cells[key] ? 'custom' : (byKey.get(key)?.kind ?? 'text')}>
              {i === 0 && onOpen ? (
                <button
                  type="button"
                  className="atrium-nav-link"
                  style={{ padding: 0, fontWeight: 600, textAlign: 'left', whiteSpace: 'normal' }}
                  onClick={(e) => {
                    e.stopPropagation();
                    open?.(row);
                  }}
                >
                  {renderCell(row, key) || '—'}
                </button>
              ) : (
                renderCell(row, key)
              )}
            </Table.Td>
          ))}
          {withActions && <Table.Td onClick={(e) => e.stopPropagation()}>{actions(row)}</Table.Td>}
        </Table.Tr>
      ))}
      {padBottom > 0 && (
        <tr aria-hidden>
          <td colSpan={colSpan} style={{ height: padBottom, padding: 0 }} />
        </tr>
      )}
    </>
  );

  return (
    <Stack gap="sm">
      {statusTabs && (
        <StatusTabs meta={meta} query={apiQuery} value={statusValues.length === 1 ? statusValues[0] : ''} onChange={chooseStatus} />
      )}
      <Group gap="xs" wrap="wrap">
        {meta.list.search.length > 0 && (
          <TextInput
            placeholder={`Search ${meta.label.plural.toLowerCase()}`}
            aria-label={`Search ${meta.label.plural.toLowerCase()}`}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search.value}
            onChange={(e) => search.onChange(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
            maw={360}
          />
        )}
        <ListFilters meta={meta} values={state.filters} onChange={(filters) => update({ filters })} fixed={Object.keys(fixed ?? {})} />
        <ViewsMenu
          meta={meta}
          views={views.views}
          active={views.active}
          current={{ q: state.q, sort: state.sort, filters: state.filters, columns: choices[meta.path] ?? null }}
          onChoose={views.choose}
        />
        <Group gap="xs" ml="auto">
          {selectable && <BulkEdit meta={meta} ids={[...selected]} onDone={() => setSelected(new Set())} />}
          {canDelete && <BulkDelete meta={meta} ids={[...selected]} onDone={() => setSelected(new Set())} />}
          <ColumnChooser
            fields={fields}
            visible={visible}
            onChange={(next) => columnChoices.set({ ...choices, [meta.path]: next })}
            onReset={() => columnChoices.set({ ...choices, [meta.path]: defaultColumns })}
          />
          <ExportButton meta={meta} query={apiQuery} disabled={rows.length === 0} />
          <ImportButton meta={meta} />
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Refresh"
              onClick={() => list.refetch()}
              loading={list.isFetching && !list.isPending}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {list.isError ? (
        <Alert color="red" variant="light" title={`The ${meta.label.plural.toLowerCase()} could not be loaded`} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error instanceof ApiError ? list.error.message : 'Try again.'}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !list.isPending && rows.length === 0 ? (
        <Paper withBorder p="xl" ta="center" data-testid="empty-state">
          <Stack align="center" gap="xs">
            <Text fw={600}>{filtered ? 'Nothing matches' : `No ${meta.label.plural.toLowerCase()} yet`}</Text>
            <Text size="sm" c="dimmed">
              {filtered ? 'Try another search or clear the filters.' : 'Records appear here once they are created.'}
            </Text>
            {filtered ? (
              <Button variant="light" size="xs" onClick={() => update({ q: '', filters: {} })}>
                Clear search and filters
              </Button>
            ) : (
              emptyAction
            )}
          </Stack>
        </Paper>
      ) : phone && (list.isPending || (cardRows !== rows && cardRows.length === 0)) ? (
        <ListCardsSkeleton />
      ) : phone ? (
        <ListCards
          rows={cardRows}
          version={cardsVersion}
          titleOf={(row) => cellText(byKey.get(titleKey), row, titleKey)}
          actionsOf={withActions ? actions : undefined}
          statusOf={statusField ? (row) => renderCell(row, statusField.key) : undefined}
          onOpen={open}
          selected={canDelete ? selected : undefined}
          onToggle={canDelete ? toggleRow : undefined}
        />
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <div
            ref={scrollRef}
            className="atrium-table-scroll"
            style={virtual ? { maxHeight: '70vh' } : undefined}
            data-testid="resource-table"
          >
            <Table striped highlightOnHover stickyHeader={virtual} miw={Math.max(480, visible.length * 150)} verticalSpacing="xs">
              <Table.Thead>{header}</Table.Thead>
              <Table.Tbody>{body}</Table.Tbody>
            </Table>
          </div>
        </Paper>
      )}

      {!list.isError && rows.length > 0 && (
        <ListPager
          state={state}
          count={rows.length}
          size={{ total, totalIsEstimate: list.data?.totalIsEstimate, totalAtLeast: list.data?.totalAtLeast }}
          nextCursor={list.data?.nextCursor ?? null}
          update={update}
        />
      )}
    </Stack>
  );
}
