import { Button, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { EXACT_TOTAL_MAX, rangeText, type TotalInfo } from './list-total';
import { type ListState, PAGE_SIZES } from './use-list-params';

export interface ListPagerProps {
  state: ListState;
  count: number;
  /** The list's size as the server answered it. */
  size: TotalInfo;
  nextCursor: string | null;
  update: (patch: Partial<ListState>) => void;
}

/**
 * Paging under a list: numbered pages (offset) while the total is exact and small, else Previous/Next
 * over the server's keyset cursor so page 40,000 costs what page 2 does.
 */
export function ListPager({ state, count, size, nextCursor, update }: ListPagerProps) {
  const first = (state.page - 1) * state.limit + 1;
  const { total } = size;
  const numbered = total != null && !size.totalIsEstimate && total <= EXACT_TOTAL_MAX && !state.cursor;
  const pages = numbered ? Math.max(1, Math.ceil(total / state.limit)) : 0;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-range">
        {rangeText(first, count, size)}
      </Text>
      <Group gap="xs">
        {/* The browser's own select: the phone's picker, and a fraction of a combobox's first render. */}
        <NativeSelect
          aria-label="Rows per page"
          data={PAGE_SIZES.map(String)}
          value={String(state.limit)}
          onChange={(e) => update({ limit: Number(e.currentTarget.value) })}
          w={80}
        />
        {numbered
          ? pages > 1 && (
              <Pagination
                total={pages}
                value={state.page}
                onChange={(page) => update({ page })}
                size="sm"
                siblings={1}
                boundaries={1}
                getControlProps={(c) => ({
                  'aria-label':
                    c === 'previous' ? 'Previous page' : c === 'next' ? 'Next page' : c === 'first' ? 'First page' : 'Last page',
                })}
              />
            )
          : (state.page > 1 || nextCursor) && (
              <Group gap={4}>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconChevronLeft size={14} aria-hidden />}
                  disabled={state.page <= 1}
                  onClick={() => update({ page: 1, cursor: '' })}
                >
                  First page
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  rightSection={<IconChevronRight size={14} aria-hidden />}
                  disabled={!nextCursor}
                  onClick={() => nextCursor && update({ page: state.page + 1, cursor: nextCursor })}
                >
                  Next page
                </Button>
              </Group>
            )}
      </Group>
    </Group>
  );
}
