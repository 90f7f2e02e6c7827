import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, request, unwrap } from '../../api/client';
import { localeQuery } from '../../api/get-locale';
import { useResourceMeta } from '../../api/get-resources-meta';
import { useRecord } from '../../kit/resource-api';
import { ResourceForm } from '../../kit/resource-form';
import { MEMBER_ROLES, type Member, membersKey, ROLE_LABELS, useMembers } from './api';

const SLOTS = [
  { value: '1', label: 'Developer one' },
  { value: '2', label: 'Developer two' },
  { value: '3', label: 'Developer three' },
];

interface Admin {
  id: string;
  name: string;
  email: string;
}

/**
 * A project's members: add and remove people, their role flags (pm, ba, ux, developer, qa, client),
 * weekly capacity and developer slot; saved as one list (PUT …/members, the project manager's call).
 */
export function MembersEditor({ projectId }: { projectId: string }) {
  const client = useQueryClient();
  const members = useMembers(projectId);
  const [rows, setRows] = useState<Member[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const admins = useQuery({
    queryKey: ['builder', 'admins'],
    queryFn: () => request<{ data: Admin[] }>('GET', '/api/v1/identity/admins', { query: { limit: 200 } }).then((r) => r.data),
    retry: false,
  });
  useEffect(() => {
    if (members.data) setRows(members.data);
  }, [members.data]);
  if (!rows) return <Loader aria-label="Loading" />;
  const change = (userId: string, patch: Partial<Member>) =>
    setRows((rs) => rs!.map((r) => (r.userId === userId ? { ...r, ...patch } : r)));
  const candidates = (admins.data ?? []).filter((a) => !rows.some((r) => r.userId === a.id));
  function add() {
    const admin = admins.data?.find((a) => a.id === adding);
    if (!admin) return;
    setRows((rs) => [
      ...rs!,
      {
        userId: admin.id,
        name: admin.name,
        email: admin.email,
        capacityHours: 40,
        developerSlot: null,
        ...(Object.fromEntries(MEMBER_ROLES.map((r) => [r, false])) as Record<(typeof MEMBER_ROLES)[number], boolean>),
      },
    ]);
    setAdding(null);
  }
  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const body = {
        members: rows!.map((r) => ({
          userId: r.userId,
          pm: r.pm,
          ba: r.ba,
          ux: r.ux,
          developer: r.developer,
          qa: r.qa,
          client: r.client,
          capacityHours: r.capacityHours,
          developerSlot: r.developer ? r.developerSlot : null,
        })),
      };
      // The answer is the members list as saved.
      const { data } = await unwrap(api.PUT('/api/v1/builder/projects/{id}/members', { params: { path: { id: projectId } }, body }));
      client.setQueryData(membersKey(projectId), data);
      void client.invalidateQueries({ queryKey: ['builder'] });
      notifications.show({ color: 'green', message: 'Members saved' });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      notifications.show({ color: 'red', title: 'Not saved', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack>
      <Table aria-label="Members" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            {MEMBER_ROLES.map((r) => (
              <Table.Th key={r}>{ROLE_LABELS[r]}</Table.Th>
            ))}
            <Table.Th>Hours a week</Table.Th>
            <Table.Th>Developer slot</Table.Th>
            <Table.Th>Remove</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m, i) => (
            <Table.Tr key={m.userId} aria-label={m.name}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {m.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {m.email}
                </Text>
              </Table.Td>
              {MEMBER_ROLES.map((r) => (
                <Table.Td key={r}>
                  <Checkbox
                    aria-label={`${m.name}: ${ROLE_LABELS[r]}`}
                    checked={m[r]}
                    onChange={(e) => change(m.userId, { [r]: e.currentTarget.checked })}
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <NumberInput
                  aria-label={`${m.name}: hours a week`}
                  w={80}
                  min={0}
                  max={168}
                  value={m.capacityHours}
                  onChange={(v) => change(m.userId, { capacityHours: Number(v) || 0 })}
                  error={errors[`members.${i}.capacityHours`]}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`${m.name}: developer slot`}
                  w={150}
                  data={SLOTS}
                  clearable
                  disabled={!m.developer}
                  placeholder="None"
                  value={m.developer && m.developerSlot ? String(m.developerSlot) : null}
                  onChange={(v) => change(m.userId, { developerSlot: v ? Number(v) : null })}
                  error={errors[`members.${i}.developerSlot`]}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${m.name}`}
                  onClick={() => setRows((rs) => rs!.filter((r) => r.userId !== m.userId))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {errors.members ? (
        <Text c="red" size="sm">
          {errors.members}
        </Text>
      ) : null}
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end">
          <Select
            label="Add a person"
            w={280}
            searchable
            data={candidates.map((a) => ({ value: a.id, label: `${a.name} (${a.email})` }))}
            value={adding}
            onChange={setAdding}
            placeholder={admins.isError ? 'Your role cannot list admins' : 'Choose an admin'}
            disabled={admins.isError}
          />
          <Button variant="default" onClick={add} disabled={!adding}>
            Add
          </Button>
        </Group>
        <Button onClick={save} loading={busy}>
          Save members
        </Button>
      </Group>
    </Stack>
  );
}

/** A project opened from project management (`?edit=<id>`): its details (the kit's form) and its members. */
export default function ProjectEditDrawer({ id, close }: { id: string; close: () => void }) {
  const { meta: loaded } = useResourceMeta('builder/projects');
  const locale = useQuery(localeQuery());
  const meta = locale.isPending ? undefined : loaded;
  const record = useRecord('builder/projects', id);
  const client = useQueryClient();
  const wide = useMediaQuery('(min-width: 64em)', undefined, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size={wide ? 'xl' : '100%'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Text fw={700} component="span" size="lg">
          {String(record.data?.name ?? 'Project')}
        </Text>
      }
    >
      {record.isError ? (
        <Alert color="red" variant="light" role="alert">
          {record.error instanceof ApiError ? record.error.message : 'This project could not be loaded.'}
        </Alert>
      ) : null}
      <Tabs defaultValue="details">
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="members">Members</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          {!meta || record.isPending ? <Loader aria-label="Loading" /> : null}
          {meta && record.data ? (
            <ResourceForm
              meta={meta}
              record={record.data}
              onSaved={() => {
                void client.invalidateQueries({ queryKey: ['builder'] });
                close();
              }}
              onCancel={close}
              readOnly={!meta.permissions.write}
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <Title order={2} size="h5" mb="xs">
            Who works on it
          </Title>
          <MembersEditor projectId={id} />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
