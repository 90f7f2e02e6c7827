import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { TableHead } from '../../../kit/table-head';
import { MemberCells } from './member-cells';
import { completeTree } from './rule-builder';
import { formatCount, previewSegmentCount, type RuleTree } from './segments-api';

/** How many contacts the rules match as they are edited (debounced), with a few of them. */
export function LiveCount({ rules }: { rules: RuleTree }) {
  const [debounced] = useDebouncedValue(JSON.stringify(completeTree(rules)), 400);
  const preview = useQuery({
    queryKey: ['marketing', 'segment-preview', debounced],
    queryFn: () => previewSegmentCount(JSON.parse(debounced) as RuleTree),
    placeholderData: keepPreviousData,
  });
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600} aria-live="polite" data-testid="live-count">
            {preview.data ? `${formatCount(preview.data)} contacts match` : 'Counting…'}
          </Text>
          {preview.isFetching && <Loader size="xs" aria-label="Counting" />}
        </Group>
        {preview.isError && (
          <Alert color="red" variant="light" role="alert">
            {preview.error instanceof ApiError ? preview.error.message : 'The count could not be made.'}
          </Alert>
        )}
        {preview.data && preview.data.sample.length > 0 && (
          <Table striped aria-label="Sample of matching contacts">
            <TableHead columns={['Name', 'Email', 'Country', 'Tags']} />
            <Table.Tbody>
              {preview.data.sample.map((m) => (
                <Table.Tr key={m.id}>
                  <MemberCells member={m} />
                  <Table.Td>
                    <Group gap={4}>
                      {m.tags.slice(0, 3).map((t) => (
                        <Badge key={t} size="xs" variant="light">
                          {t}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
