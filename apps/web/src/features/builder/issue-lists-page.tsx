import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, request, unwrap } from '../../api/client';
import { useResourceMeta } from '../../api/get-resources-meta';
import { humanize } from '../../kit/schema';

interface LookupValue {
  id: string | null;
  name: string;
  custom: boolean;
}
type Lookups = Record<string, LookupValue[]>;

const LOOKUPS_KEY = ['builder', 'issue-lookups'];

/** One list (status, type, module…): its values in order, saved whole; "Use the defaults" drops the community's own. */
function LookupList({ kind, values, canWrite }: { kind: string; values: LookupValue[]; canWrite: boolean }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(values.map((v) => v.name));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);
  const custom = values.some((v) => v.custom);
  const label = kind === 'found_on' ? 'Found on' : humanize(kind);
  async function save(next: string[], which: 'save' | 'reset') {
    setBusy(which);
    setError(undefined);
    try {
      // The answer is the list as saved.
      const { data } = await unwrap(
        api.PUT('/api/v1/builder/issue-lookups/values/{kind}', {
          params: { path: { kind: kind as 'status' } },
          body: { values: next },
        }),
      );
      setDraft(data.map((v) => v.name));
      notifications.show({ color: 'green', message: `${label}: saved` });
      await client.invalidateQueries({ queryKey: LOOKUPS_KEY });
      await client.invalidateQueries({ queryKey: ['builder', 'issue-board'] });
    } catch (err) {
      const message = err instanceof ApiError ? (err.fields?.values ?? err.message) : 'Try again';
      setError(message);
      notifications.show({ color: 'red', title: 'Not saved', message });
    } finally {
      setBusy(null);
    }
  }
  const changed = draft.join('\n') !== values.map((v) => v.name).join('\n');
  return (
    <Paper withBorder p="sm" component="section" aria-label={`${label} list`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {label}
        </Title>
        <Badge variant="light" color={custom ? 'blue' : 'gray'}>
          {custom ? 'Your own list' : 'The defaults'}
        </Badge>
      </Group>
      <TagsInput
        label={`${label} values`}
        description="In the order issues show them (the board's columns, for the status)"
        value={draft}
        onChange={setDraft}
        readOnly={!canWrite}
        error={error}
        placeholder="Type a value and press Enter"
      />
      {canWrite ? (
        <Group justify="flex-end" mt="xs" gap="xs">
          {custom ? (
            <Button variant="subtle" loading={busy === 'reset'} disabled={busy !== null} onClick={() => save([], 'reset')}>
              Use the defaults
            </Button>
          ) : null}
          <Button loading={busy === 'save'} disabled={busy !== null || !changed || draft.length === 0} onClick={() => save(draft, 'save')}>
            Save {label.toLowerCase()}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/**
 * The community's six issue lists (status, type, module, found on, severity, priority): the defaults
 * until it names its own; a list is saved whole, in order. Issues keep a value a list no longer has.
 */
export default function IssueListsPage() {
  const lookups = useQuery({
    queryKey: LOOKUPS_KEY,
    queryFn: () => request<{ data: Lookups }>('GET', '/api/v1/builder/issue-lookups/values').then((r) => r.data),
  });
  const { meta } = useResourceMeta('builder/issue-lookups');
  const canWrite = Boolean(meta?.permissions.write);
  return (
    <Stack>
      <Title order={1}>Issue lists</Title>
      <Text c="dimmed" size="sm">
        The values an issue's status, type, module, found on, severity and priority take in this community.
      </Text>
      {lookups.isError ? <Alert color="red">The lists could not be loaded.</Alert> : null}
      {lookups.data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {Object.entries(lookups.data).map(([kind, values]) => (
            <LookupList key={`${kind}:${values.map((v) => v.name).join('|')}`} kind={kind} values={values} canWrite={canWrite} />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">Loading the lists…</Text>
      )}
    </Stack>
  );
}
