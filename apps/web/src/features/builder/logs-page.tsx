import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NavLink,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, request } from '../../api/client';
import { useResourceMeta } from '../../api/get-resources-meta';
import { useCurrentProject } from './api';
import { ProjectPicker } from './project-picker';
import { RowsTable } from './rows-table';

const LOG_TABLES = 'builder/log-tables';

type FieldType = 'text' | 'textarea' | 'number' | 'date' | 'boolean' | 'select';
interface LogField {
  key: string;
  label: string;
  type: FieldType;
  required?: boolean;
  options?: string[];
}
interface LogTable {
  id: string;
  name: string;
  description: string | null;
  fields: LogField[];
}
type Value = string | number | boolean | null;
interface LogEntry {
  id: string;
  date: string;
  values: Record<string, Value>;
  byName: string | null;
}

const TYPES: { value: FieldType; label: string }[] = [
  { value: 'text', label: 'Short text' },
  { value: 'textarea', label: 'Long text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'boolean', label: 'Yes / no' },
  { value: 'select', label: 'Choice' },
];

const keyOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40) || 'field';

function fail(err: unknown, title: string, setErrors?: (f: Record<string, string>) => void) {
  if (err instanceof ApiError && err.fields && setErrors) setErrors(err.fields);
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });
}

interface DraftField {
  /** The key of a field the table already has (kept when its label changes: entries hold their values by it). */
  key?: string;
  label: string;
  type: FieldType;
  required: boolean;
  options: string;
}

const blank = (): DraftField => ({ label: '', type: 'text', required: false, options: '' });
const draftOf = (f: LogField): DraftField => ({
  key: f.key,
  label: f.label,
  type: f.type,
  required: f.required === true,
  options: (f.options ?? []).join(', '),
});

/** The fields as the API takes them: a new field's key made from its label, choices split on commas. */
export function fieldsBody(fields: DraftField[]): LogField[] {
  return fields.map((f) => ({
    key: f.key ?? keyOf(f.label),
    label: f.label.trim(),
    type: f.type,
    required: f.required,
    ...(f.type === 'select'
      ? {
          options: f.options
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        }
      : {}),
  }));
}

/**
 * A log table's name and the fields each entry records: a new table, or (`table`) an existing one's
 * fields edited — renamed, retyped, added, removed; a field keeps its key, so entries keep their values.
 */
function LogTableEditor({
  projectId,
  table,
  saved,
  cancel,
}: {
  projectId: string;
  table?: LogTable;
  saved: (id: string) => void;
  cancel?: () => void;
}) {
  const [name, setName] = useState(table?.name ?? '');
  const [fields, setFields] = useState<DraftField[]>(table ? table.fields.map(draftOf) : [blank()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const change = (i: number, patch: Partial<DraftField>) => setFields((fs) => fs.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const body = { name: name.trim(), fields: fieldsBody(fields) };
      const { data } = table
        ? await request<{ data: LogTable }>('PATCH', `/api/v1/${LOG_TABLES}/${table.id}`, { body })
        : await request<{ data: LogTable }>('POST', `/api/v1/${LOG_TABLES}`, { body: { projectId, ...body } });
      if (!table) {
        setName('');
        setFields([blank()]);
      }
      saved(data.id);
    } catch (err) {
      fail(err, 'Not saved', setErrors);
    } finally {
      setBusy(false);
    }
  }
  const heading = table ? `Fields of ${table.name}` : 'New log table';
  return (
    <Paper withBorder p="sm" component="section" aria-label={heading}>
      <Title order={2} size="h5" mb="xs">
        {heading}
      </Title>
      <Stack gap="xs">
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        {fields.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no id; they are only added and removed at their place
          <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={`Field ${i + 1}`}
              value={f.label}
              onChange={(e) => change(i, { label: e.currentTarget.value })}
              error={errors[`fields.${i}.label`] ?? errors[`fields.${i}.key`]}
              style={{ flex: 1 }}
            />
            <Select
              label={`Field ${i + 1} type`}
              w={120}
              data={TYPES}
              value={f.type}
              allowDeselect={false}
              onChange={(v) => change(i, { type: (v ?? 'text') as FieldType })}
            />
            {f.type === 'select' ? (
              <TextInput
                label={`Field ${i + 1} options`}
                placeholder="a, b, c"
                value={f.options}
                onChange={(e) => change(i, { options: e.currentTarget.value })}
                error={errors[`fields.${i}.options`]}
                w={140}
              />
            ) : null}
            <Checkbox label="Required" checked={f.required} onChange={(e) => change(i, { required: e.currentTarget.checked })} mb={8} />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove field ${i + 1}`}
              mb={4}
              disabled={fields.length === 1}
              onClick={() => setFields((fs) => fs.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {errors.fields ? (
          <Text c="red" size="sm">
            {errors.fields}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setFields((fs) => [...fs, blank()])}>
            Add field
          </Button>
          <Group gap="xs">
            {cancel ? (
              <Button variant="default" onClick={cancel}>
                Cancel
              </Button>
            ) : null}
            <Button onClick={save} loading={busy} disabled={!name.trim() || fields.some((f) => !f.label.trim())}>
              {table ? 'Save fields' : 'Create log table'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

function FieldInput({ field, value, error, set }: { field: LogField; value: Value; error?: string; set: (v: Value) => void }) {
  const common = { label: field.label, required: field.required, error };
  switch (field.type) {
    case 'textarea':
      return <Textarea {...common} autosize minRows={2} value={String(value ?? '')} onChange={(e) => set(e.currentTarget.value)} />;
    case 'number':
      return <NumberInput {...common} value={typeof value === 'number' ? value : ''} onChange={(v) => set(v === '' ? null : Number(v))} />;
    case 'date':
      return <TextInput {...common} type="date" value={String(value ?? '')} onChange={(e) => set(e.currentTarget.value)} />;
    case 'boolean':
      return <Switch label={field.label} error={error} checked={value === true} onChange={(e) => set(e.currentTarget.checked)} />;
    case 'select':
      return <Select {...common} data={field.options ?? []} value={(value as string | null) ?? null} onChange={(v) => set(v)} clearable />;
    default:
      return <TextInput {...common} value={String(value ?? '')} onChange={(e) => set(e.currentTarget.value)} />;
  }
}

const show = (field: LogField, v: Value | undefined) =>
  v === null || v === undefined || v === '' ? '—' : field.type === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

/** A log table's entries: a form made of its fields, and the entries newest first ("Load more" pages on). */
function Entries({ table }: { table: LogTable }) {
  const client = useQueryClient();
  const today = new Date().toISOString().slice(0, 10);
  const [date, setDate] = useState(today);
  const [values, setValues] = useState<Record<string, Value>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const key = ['builder', 'log-entries', table.id];
  const entries = useInfiniteQuery({
    queryKey: key,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      request<{ data: { entries: LogEntry[]; nextCursor: string | null } }>('GET', `/api/v1/builder/log-tables/${table.id}/entries`, {
        query: { limit: 25, cursor: pageParam },
      }).then((r) => r.data),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  async function add() {
    setBusy(true);
    setErrors({});
    try {
      await request('POST', `/api/v1/builder/log-tables/${table.id}/entries`, { body: { date, values } });
      setValues({});
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      fail(err, 'Not added', setErrors);
    } finally {
      setBusy(false);
    }
  }
  async function remove(id: string) {
    try {
      await request('DELETE', `/api/v1/builder/log-entries/${id}`);
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      fail(err, 'Not deleted');
    }
  }
  const rows = entries.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Stack>
      <Paper withBorder p="sm" component="section" aria-label={`New entry in ${table.name}`}>
        <Title order={2} size="h5" mb="xs">
          New entry
        </Title>
        <Stack gap="xs">
          <TextInput
            label="Date"
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
            w={180}
          />
          {table.fields.map((f) => (
            <FieldInput
              key={f.key}
              field={f}
              value={values[f.key] ?? null}
              error={errors[`values.${f.key}`]}
              set={(v) => setValues((vs) => ({ ...vs, [f.key]: v }))}
            />
          ))}
          <Group justify="flex-end">
            <Button onClick={add} loading={busy}>
              Add entry
            </Button>
          </Group>
        </Stack>
      </Paper>
      <RowsTable
        label={`${table.name} entries`}
        rows={rows}
        empty={entries.isPending ? null : 'No entries yet.'}
        columns={[
          { label: 'Date', cell: (e) => e.date },
          { label: 'By', cell: (e) => e.byName ?? '—' },
          ...table.fields.map((f) => ({
            label: f.label,
            cell: (e: LogEntry) => show(f, e.values[f.key]),
            style: { whiteSpace: 'pre-wrap' } as const,
          })),
          {
            label: '',
            cell: (e) => (
              <ActionIcon variant="subtle" color="red" aria-label={`Delete the entry of ${e.date}`} onClick={() => remove(e.id)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            ),
          },
        ]}
      />
      {entries.hasNextPage ? (
        <Button variant="subtle" onClick={() => entries.fetchNextPage()} loading={entries.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * Work logs by category (logs/*LogTable): a project's log tables, each with its own fields
 * (stand-up notes, deployments…), and their entries, checked against those fields by the server.
 */
export default function LogsPage() {
  const { id: projectId } = useCurrentProject();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const tables = useQuery({
    queryKey: ['builder', 'log-tables', projectId],
    enabled: Boolean(projectId),
    queryFn: () =>
      request<{ data: LogTable[] }>('GET', `/api/v1/${LOG_TABLES}`, { query: { projectId: projectId ?? undefined, limit: 100 } }).then(
        (r) => r.data,
      ),
  });
  const current = tables.data?.find((t) => t.id === chosen) ?? tables.data?.[0] ?? null;
  const [editing, setEditing] = useState<string | null>(null);
  const { meta } = useResourceMeta(LOG_TABLES);
  const canWrite = Boolean(meta?.permissions.write);
  const saved = (id: string) => {
    setChosen(id);
    setEditing(null);
    void client.invalidateQueries({ queryKey: ['builder', 'log-tables', projectId] });
  };
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Log tables</Title>
        <ProjectPicker />
      </Group>
      {!projectId ? <Alert>No project yet: start one from New project.</Alert> : null}
      {projectId ? (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Stack>
            <Paper withBorder p="xs" component="nav" aria-label="Log tables of the project">
              {(tables.data ?? []).length === 0 ? (
                <Text size="sm" c="dimmed" p="xs">
                  No log table yet.
                </Text>
              ) : null}
              {(tables.data ?? []).map((t) => (
                <NavLink
                  key={t.id}
                  label={t.name}
                  description={t.fields.map((f) => f.label).join(', ')}
                  active={current?.id === t.id}
                  onClick={() => setChosen(t.id)}
                />
              ))}
            </Paper>
            {canWrite ? <LogTableEditor projectId={projectId} saved={saved} /> : null}
          </Stack>
          <Stack style={{ gridColumn: 'span 2' }}>
            {current && editing === current.id ? (
              <LogTableEditor key={current.id} projectId={projectId} table={current} saved={saved} cancel={() => setEditing(null)} />
            ) : current ? (
              <>
                {canWrite ? (
                  <Group justify="flex-end">
                    <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(current.id)}>
                      Edit fields
                    </Button>
                  </Group>
                ) : null}
                <Entries key={current.id} table={current} />
              </>
            ) : null}
          </Stack>
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
