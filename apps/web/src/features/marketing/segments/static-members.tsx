import { Alert, Button, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RemoveButton } from '../../../kit/remove-button';
import { TableHead } from '../../../kit/table-head';
import { useAction } from '../../../kit/use-action';
import { MemberCells } from './member-cells';
import { addSegmentMembers, findContacts, removeSegmentMembers, segmentMembers } from './segments-api';

/** A static segment's members: paged by cursor, added by searching contacts, removed one by one. */
export function StaticMembers({ segmentId, canWrite }: { segmentId: string; canWrite: boolean }) {
  const key = ['marketing', 'segment-members', segmentId];
  const members = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => segmentMembers(segmentId, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ queryKey: ['marketing', 'contact-search', q], queryFn: () => findContacts(q), enabled: q.length > 0 });

  const { run } = useAction([key, ['resource', 'marketing/segments']]);
  const change = (action: () => Promise<unknown>, done: string) => run('change', action, done);

  const rows = members.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Stack gap="sm">
      {canWrite && (
        <Select
          label="Add a contact"
          placeholder="Search by name or email"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={(found.data ?? []).map((c) => ({ value: c.id, label: `${c.name || '—'} · ${c.email ?? c.phone ?? ''}` }))}
          filter={({ options }) => options}
          nothingFoundMessage={q ? 'No contact found' : 'Type to search'}
          value={null}
          onChange={(id) => {
            if (!id) return;
            setSearch('');
            void change(() => addSegmentMembers(segmentId, [id]), 'Contact added');
          }}
        />
      )}
      {members.isPending && <Loader aria-label="Loading members" />}
      {members.isError && (
        <Alert color="red" variant="light" role="alert">
          The members could not be loaded.
        </Alert>
      )}
      {members.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No members yet.
        </Text>
      )}
      {rows.length > 0 && (
        <Table striped aria-label="Members">
          <TableHead columns={['Name', 'Email or phone', 'Country', canWrite && '']} />
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                <MemberCells member={m} />
                {canWrite && (
                  <Table.Td>
                    <RemoveButton
                      label={`Remove ${m.name || m.email || 'contact'}`}
                      onClick={() => change(() => removeSegmentMembers(segmentId, [m.id]), 'Contact removed')}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {members.hasNextPage && (
        <Group>
          <Button variant="default" size="xs" loading={members.isFetchingNextPage} onClick={() => members.fetchNextPage()}>
            Show more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
