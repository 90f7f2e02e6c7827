import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, request } from '../../api/client';
import { useCurrency } from '../../api/get-locale';
import { useResourceMeta } from '../../api/get-resources-meta';
import { formatMoney, toMinorUnits } from '../../kit/money';
import { RecordHistory } from '../../kit/record-history';
import { ResourceScreen } from '../../kit/resource-screen';
import { type Member, useCurrentProject, useMembers, useMyMembership, useProjectRecord } from './api';
import { ProjectPicker } from './project-picker';
import { RowsTable } from './rows-table';

const SCOPE = 'builder/scope-items';

// A type, not an interface: a scope item is a record (Row) as the kit's history reads it.
type ScopeItem = {
  id: string;
  title: string;
  description: string | null;
  hours: number;
  priceMinor: number;
  kind: 'baseline' | 'change';
  status: 'proposed' | 'approved' | 'rejected';
  decidedBy: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  createdBy: string | null;
  createdAt: string;
};

const nameOf = (members: Member[] | undefined, id: string | null) =>
  id ? (members?.find((m) => m.userId === id)?.name ?? 'A former member') : '—';

function fail(err: unknown, title: string) {
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Try again' });
}

/** Opens a scope item's history (who changed which field, and the client's decision). */
function HistoryButton({ item, open }: { item: ScopeItem; open: (item: ScopeItem) => void }) {
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconHistory size={14} aria-hidden />}
      onClick={() => open(item)}
      aria-label={`History of ${item.title}`}
    >
      History
    </Button>
  );
}

/** A scope item's field-by-field history: the kit's history of the record (the audit log's revisions). */
function ScopeHistory({ item, close }: { item: ScopeItem; close: () => void }) {
  const { meta } = useResourceMeta(SCOPE);
  return (
    <Modal opened onClose={close} title={`History of ${item.title}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {meta ? <RecordHistory meta={meta} record={item} canRestore={false} /> : <Loader aria-label="Loading" />}
    </Modal>
  );
}

/** A change request waiting for the client: its estimate, and the client's Approve / Reject with a note. */
function Pending({
  item,
  canDecide,
  members,
  decided,
  history,
}: {
  item: ScopeItem;
  canDecide: boolean;
  members?: Member[];
  decided: () => void;
  history: (item: ScopeItem) => void;
}) {
  const currency = useCurrency();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  async function decide(decision: 'approve' | 'reject') {
    setBusy(decision);
    try {
      await request('POST', `/api/v1/builder/scope-items/${item.id}/decision`, { body: { decision, note: note.trim() || null } });
      notifications.show({ color: 'green', message: `${item.title}: ${decision === 'approve' ? 'approved' : 'rejected'}` });
      decided();
    } catch (err) {
      fail(err, 'Not decided');
      decided();
    } finally {
      setBusy(null);
    }
  }
  return (
    <Paper withBorder p="sm" aria-label={`Change request ${item.title}`} component="section">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{item.title}</Text>
          {item.description ? (
            <Text size="sm" c="dimmed">
              {item.description}
            </Text>
          ) : null}
          <Text size="sm">
            {item.hours} h · {formatMoney(item.priceMinor, currency)} · proposed by {nameOf(members, item.createdBy)}
          </Text>
        </div>
        <Group gap="xs">
          <HistoryButton item={item} open={history} />
          <Badge color="yellow" variant="light">
            Waiting for the client
          </Badge>
        </Group>
      </Group>
      {canDecide ? (
        <Group align="flex-end" mt="sm">
          <Textarea
            label="Note to the team"
            autosize
            minRows={1}
            maw={420}
            style={{ flex: 1 }}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button color="green" loading={busy === 'approve'} disabled={busy !== null} onClick={() => decide('approve')}>
            Approve
          </Button>
          <Button color="red" variant="light" loading={busy === 'reject'} disabled={busy !== null} onClick={() => decide('reject')}>
            Reject
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" mt="xs">
          The project's client decides it.
        </Text>
      )}
    </Paper>
  );
}

/** The team proposes a change of scope (its hours and price); the client then decides it. */
function Propose({ projectId, done }: { projectId: string; done: () => void }) {
  const currency = useCurrency();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [hours, setHours] = useState<number | string>('');
  const [price, setPrice] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit() {
    setBusy(true);
    setErrors({});
    try {
      await request('POST', `/api/v1/builder/projects/${projectId}/change-requests`, {
        body: {
          title: title.trim(),
          description: description.trim() || undefined,
          hours: Number(hours) || 0,
          priceMinor: toMinorUnits(Number(price) || 0, currency),
        },
      });
      setTitle('');
      setDescription('');
      setHours('');
      setPrice('');
      done();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      fail(err, 'Not proposed');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder p="sm" component="section" aria-label="Propose a change">
      <Title order={2} size="h4" mb="xs">
        Propose a change
      </Title>
      <Group align="flex-end">
        <TextInput label="Change" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} w={260} />
        <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} w={260} />
        <NumberInput label="Hours" min={0} value={hours} onChange={setHours} error={errors.hours} w={100} />
        <NumberInput
          label={`Price (${currency})`}
          min={0}
          decimalScale={2}
          value={price}
          onChange={setPrice}
          error={errors.priceMinor}
          w={140}
        />
        <Button onClick={submit} loading={busy} disabled={!title.trim()}>
          Propose
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Scope and change requests: the project's approved estimate, change requests waiting for the
 * client (who approves or rejects each, with a note), the decisions made, and every scope item.
 */
export default function ScopePage() {
  const { id } = useCurrentProject();
  const client = useQueryClient();
  const currency = useCurrency();
  const project = useProjectRecord(id);
  const members = useMembers(id);
  const me = useMyMembership(id);
  const changes = useQuery({
    queryKey: ['builder', 'scope-changes', id],
    enabled: Boolean(id),
    queryFn: () =>
      request<{ data: ScopeItem[] }>('GET', `/api/v1/${SCOPE}`, { query: { projectId: id ?? undefined, kind: 'change', limit: 200 } }).then(
        (r) => r.data,
      ),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['builder', 'scope-changes', id] });
    void client.invalidateQueries({ queryKey: ['builder', 'project', id] });
    void client.invalidateQueries({ queryKey: ['builder', 'overview'] });
    void client.invalidateQueries({ queryKey: ['resource', SCOPE] });
  };
  const pending = (changes.data ?? []).filter((c) => c.status === 'proposed');
  const decided = (changes.data ?? [])
    .filter((c) => c.status !== 'proposed')
    .sort((a, b) => String(b.decidedAt).localeCompare(String(a.decidedAt)));
  const team = Boolean(me && (me.pm || me.ba || me.ux || me.developer || me.qa));
  const [history, openRecord] = useState<ScopeItem | null>(null);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Scope and change requests</Title>
        <ProjectPicker />
      </Group>
      {!id ? <Alert>No project yet: start one from New project.</Alert> : null}
      {id && project.data ? (
        <>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">
                Approved estimate
              </Text>
              <Text fw={700} size="lg" data-testid="scope-estimate">
                {project.data.estimateHours} h · {formatMoney(project.data.estimateMinor, currency)}
              </Text>
            </Paper>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">
                Waiting for the client
              </Text>
              <Text fw={700} size="lg">
                {pending.length} ({pending.reduce((sum, c) => sum + c.hours, 0)} h)
              </Text>
            </Paper>
            <Paper withBorder p="sm">
              <Text size="sm" c="dimmed">
                Invoiced · paid
              </Text>
              <Text fw={700} size="lg">
                {formatMoney(project.data.invoicedMinor, currency)} · {formatMoney(project.data.paidMinor, currency)}
              </Text>
            </Paper>
          </SimpleGrid>
          <Title order={2} size="h4">
            Change requests waiting for a decision
          </Title>
          {pending.length === 0 ? <Text c="dimmed">None waiting.</Text> : null}
          {pending.map((item) => (
            <Pending
              key={item.id}
              item={item}
              canDecide={Boolean(me?.client)}
              members={members.data}
              decided={refresh}
              history={openRecord}
            />
          ))}
          {team ? <Propose projectId={id} done={refresh} /> : null}
          <Title order={2} size="h4">
            Decisions
          </Title>
          <RowsTable
            label="Decisions on change requests"
            rows={decided}
            empty="No decision yet."
            columns={[
              { label: 'Change', cell: (c) => c.title },
              { label: 'Estimate', cell: (c) => `${c.hours} h · ${formatMoney(c.priceMinor, currency)}` },
              {
                label: 'Decision',
                cell: (c) => (
                  <Badge color={c.status === 'approved' ? 'green' : 'red'} variant="light">
                    {c.status === 'approved' ? 'Approved' : 'Rejected'}
                  </Badge>
                ),
              },
              { label: 'By', cell: (c) => nameOf(members.data, c.decidedBy) },
              { label: 'When', cell: (c) => (c.decidedAt ? new Date(c.decidedAt).toLocaleString() : '—') },
              { label: 'Note', cell: (c) => c.decisionNote ?? '' },
              { label: '', cell: (c) => <HistoryButton item={c} open={openRecord} /> },
            ]}
          />
          <Title order={2} size="h4">
            All scope items
          </Title>
          <ResourceScreen resource={SCOPE} fixed={{ projectId: id }} embedded />
          {history ? <ScopeHistory item={history} close={() => openRecord(null)} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
