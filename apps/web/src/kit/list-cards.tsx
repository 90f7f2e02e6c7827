import { Paper, Skeleton, Stack } from '@mantine/core';
import { memo, useCallback, useRef } from 'react';
import type { Row } from './resource-api';
import { RowCheck } from './row-check';

export interface ListCardsProps {
  rows: Row[];
  titleOf: (row: Row) => string;
  /** The row's status badge, when the resource has a status. */
  statusOf?: (row: Row) => React.ReactNode;
  /** One more line under the title (e.g. a code or a date). */
  detailOf?: (row: Row) => string;
  onOpen?: (row: Row) => void;
  /** The row's actions menu (open, duplicate, delete). */
  actionsOf?: (row: Row) => React.ReactNode;
  selected?: Set<string>;
  onToggle?: (id: string) => void;
  /**
   * What the cards' status and actions depend on besides the row (the resource's description, the
   * currency…), as a value whose identity changes with it: a card draws again when it does.
   */
  version?: unknown;
}

interface ListCardProps {
  version: unknown;
  row: Row;
  title: string;
  detail: string | undefined;
  status: React.ReactNode;
  actions: React.ReactNode;
  onOpen?: (row: Row) => void;
  checked: boolean | undefined;
  onToggle?: (id: string) => void;
}

/**
 * One record's card, in plain elements styled like Mantine's Paper and Text (a phone list's first
 * render was mostly the Mantine parts of its cards), memoised: the list re-renders as its tab counts,
 * saved views and search answer, and a card whose row, title and selection are unchanged is skipped.
 */
const ListCard = memo(function ListCard({ row, title, detail, status, actions, onOpen, checked, onToggle }: ListCardProps) {
  return (
    <div className="atrium-card" data-testid="resource-card">
      {onToggle && checked !== undefined && <RowCheck label={`Select ${title}`} checked={checked} onChange={() => onToggle(row.id)} />}
      <button type="button" className="atrium-card-open" onClick={onOpen ? () => onOpen(row) : undefined} disabled={!onOpen}>
        <span className="atrium-card-title">{title}</span>
        {detail && <span className="atrium-card-detail">{detail}</span>}
      </button>
      {status}
      {actions}
    </div>
  );
}, sameCard);

/** A card needs drawing again when its record, its words or its selection changed (its status and actions follow its row). */
function sameCard(a: ListCardProps, b: ListCardProps) {
  return (
    a.version === b.version &&
    a.row === b.row &&
    a.title === b.title &&
    a.detail === b.detail &&
    a.checked === b.checked &&
    Boolean(a.onOpen) === Boolean(b.onOpen) &&
    Boolean(a.onToggle) === Boolean(b.onToggle) &&
    Boolean(a.status) === Boolean(b.status) &&
    Boolean(a.actions) === Boolean(b.actions)
  );
}

/** A list on a phone: one stacked card per record (title, status, open and select), never a sideways-scrolled table. */
export function ListCards({ rows, titleOf, statusOf, detailOf, onOpen, actionsOf, selected, onToggle, version }: ListCardsProps) {
  // The callbacks change with every render of the list; the cards call the latest ones.
  const latest = useRef({ onOpen, onToggle });
  latest.current = { onOpen, onToggle };
  const open = useCallback((row: Row) => latest.current.onOpen?.(row), []);
  const toggle = useCallback((id: string) => latest.current.onToggle?.(id), []);
  return (
    <Stack gap="xs" data-testid="resource-cards">
      {rows.map((row) => (
        <ListCard
          key={row.id}
          version={version}
          row={row}
          title={titleOf(row) || '—'}
          detail={detailOf?.(row) || undefined}
          status={statusOf?.(row)}
          actions={actionsOf?.(row)}
          onOpen={onOpen ? open : undefined}
          checked={onToggle && selected ? selected.has(row.id) : undefined}
          onToggle={onToggle && selected ? toggle : undefined}
        />
      ))}
    </Stack>
  );
}

/** The cards' placeholder while a phone's list loads (a table's skeleton would lay out wide first, then shift). */
export function ListCardsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <Stack gap="xs" data-testid="resource-cards">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards
        <Paper key={i} withBorder p="sm" radius="md" data-testid="skeleton-card">
          <Skeleton h={14} w="60%" radius="sm" />
          <Skeleton h={10} w="35%" radius="sm" mt={8} />
        </Paper>
      ))}
    </Stack>
  );
}
