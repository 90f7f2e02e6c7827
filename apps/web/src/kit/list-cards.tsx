import { Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
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
}

/** A list on a phone: one stacked card per record (title, status, open and select), never a sideways-scrolled table. */
export function ListCards({ rows, titleOf, statusOf, detailOf, onOpen, actionsOf, selected, onToggle }: ListCardsProps) {
  return (
    <Stack gap="xs" data-testid="resource-cards">
      {rows.map((row) => {
        const title = titleOf(row) || '—';
        return (
          <Paper key={row.id} withBorder p="sm" radius="md" data-testid="resource-card">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              {onToggle && selected && (
                <RowCheck label={`Select ${title}`} checked={selected.has(row.id)} onChange={() => onToggle(row.id)} />
              )}
              <UnstyledButton onClick={onOpen ? () => onOpen(row) : undefined} style={{ flex: 1, minWidth: 0 }} disabled={!onOpen}>
                <Text fw={600} size="sm" lineClamp={2}>
                  {title}
                </Text>
                {detailOf?.(row) && (
                  <Text size="xs" c="dimmed" truncate="end">
                    {detailOf(row)}
                  </Text>
                )}
              </UnstyledButton>
              {statusOf?.(row)}
              {actionsOf?.(row)}
            </Group>
          </Paper>
        );
      })}
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
