import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../kit/page-header';
import { humanize } from '../../kit/schema';
import { StatusBadge } from '../../kit/status-badge';
import {
  CHANNEL_LABEL,
  type Channel,
  dripAction,
  getAllAudiences,
  getDrip,
  getDripReport,
  getPublicForms,
  getTemplates,
  type Json,
  listDrips,
  reportHref,
  saveDrip,
} from './campaigns-api';

const STOP_LABEL: Record<string, string> = { none: 'Never (all steps)', opened: 'They open a message', clicked: 'They click a link' };
const UNITS = [
  { value: '1', label: 'minutes' },
  { value: '60', label: 'hours' },
  { value: '1440', label: 'days' },
];

interface StepDraft {
  channel: Channel;
  templateId: string | null;
  amount: number | string;
  unit: string;
  campaignId?: string | null;
}

/** The largest unit that divides the delay (3 days rather than 4320 minutes). */
const toDraft = (s: Json): StepDraft => {
  const minutes = Number(s.delayMinutes ?? 0);
  const unit = minutes > 0 && minutes % 1440 === 0 ? '1440' : minutes > 0 && minutes % 60 === 0 ? '60' : '1';
  return { channel: s.channel, templateId: s.templateId, amount: minutes / Number(unit), unit, campaignId: s.campaignId ?? null };
};

function StepRow({
  step,
  index,
  onChange,
  onRemove,
}: {
  step: StepDraft;
  index: number;
  onChange: (s: StepDraft) => void;
  onRemove: () => void;
}) {
  const templates = useQuery({ queryKey: ['campaigns', 'templates', step.channel], queryFn: () => getTemplates(step.channel) });
  return (
    <Card withBorder padding="sm">
      <Group align="end" wrap="wrap">
        <Text fw={600} w={60}>
          Step {index + 1}
        </Text>
        <NumberInput
          label={index === 0 ? 'Wait after entering' : 'Wait after the previous'}
          min={0}
          w={150}
          value={step.amount}
          onChange={(amount) => onChange({ ...step, amount })}
        />
        <Select
          label="Unit"
          w={110}
          data={UNITS}
          value={step.unit}
          onChange={(unit) => onChange({ ...step, unit: unit ?? '1' })}
          allowDeselect={false}
        />
        <Select
          label="Channel"
          w={130}
          allowDeselect={false}
          data={Object.entries(CHANNEL_LABEL).map(([value, label]) => ({ value, label }))}
          value={step.channel}
          onChange={(channel) => onChange({ ...step, channel: (channel ?? 'email') as Channel, templateId: null })}
        />
        <Select
          label="Template"
          searchable
          miw={220}
          style={{ flex: 1 }}
          data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={step.templateId}
          onChange={(templateId) => onChange({ ...step, templateId })}
        />
        <ActionIcon variant="subtle" color="red" aria-label={`Remove step ${index + 1}`} onClick={onRemove} mb={4}>
          ×
        </ActionIcon>
      </Group>
    </Card>
  );
}

function DripReport({ id }: { id: string }) {
  const report = useQuery({ queryKey: ['campaigns', 'drip-report', id], queryFn: () => getDripReport(id), refetchInterval: 15_000 });
  const r = report.data;
  if (!r) return null;
  return (
    <Card withBorder>
      <Title order={4} mb="xs">
        Contacts
      </Title>
      <SimpleGrid cols={3} mb="md">
        {(['active', 'completed', 'stopped'] as const).map((k) => (
          <div key={k}>
            <Text size="xs" c="dimmed">
              {humanize(k)}
            </Text>
            <Text fw={700} size="xl">
              {r.contacts[k]}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Queued</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Opened</Table.Th>
            <Table.Th>Clicked</Table.Th>
            <Table.Th>Failed</Table.Th>
            <Table.Th>Skipped</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(r.steps as Json[]).map((s) => (
            <Table.Tr key={s.index}>
              <Table.Td>
                {s.campaignId ? (
                  <Anchor component={Link} to={reportHref(s.campaignId)}>
                    Step {s.index + 1}
                  </Anchor>
                ) : (
                  `Step ${s.index + 1}`
                )}
              </Table.Td>
              <Table.Td>{CHANNEL_LABEL[s.channel as Channel]}</Table.Td>
              <Table.Td>{s.queued}</Table.Td>
              <Table.Td>{s.sent}</Table.Td>
              <Table.Td>{s.opened}</Table.Td>
              <Table.Td>{s.clicked}</Table.Td>
              <Table.Td>{s.failed}</Table.Td>
              <Table.Td>{s.skipped}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function DripEditor({ drip, onSaved }: { drip: Json | null; onSaved: (d: Json) => void }) {
  const audiences = useQuery({ queryKey: ['campaigns', 'audiences', 'all'], queryFn: getAllAudiences });
  const [name, setName] = useState<string>(drip?.name ?? '');
  const forms = useQuery({ queryKey: ['campaigns', 'public-forms'], queryFn: getPublicForms });
  const [kind, setKind] = useState<'segment' | 'form'>(drip?.trigger?.kind === 'form' ? 'form' : 'segment');
  const [audienceId, setAudienceId] = useState<string | null>(drip?.trigger?.audienceId ?? null);
  const [formId, setFormId] = useState<string | null>(drip?.trigger?.form ?? null);
  const [formChannel, setFormChannel] = useState<Channel>(drip?.trigger?.kind === 'form' ? drip.trigger.channel : 'email');
  const [stopWhen, setStopWhen] = useState<string>(drip?.stopWhen ?? 'none');
  const [steps, setSteps] = useState<StepDraft[]>(
    drip ? (drip.steps as Json[]).map(toDraft) : [{ channel: 'email', templateId: null, amount: 0, unit: '1' }],
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const active = drip?.status === 'active';

  async function run(what: 'save' | 'activate' | 'pause') {
    setBusy(true);
    setError(null);
    try {
      let saved = drip;
      if (what !== 'pause' && !active) {
        const audience = (audiences.data ?? []).find((a) => a.id === audienceId);
        saved = await saveDrip(drip?.id ?? null, {
          name,
          stopWhen,
          trigger:
            kind === 'form'
              ? { kind: 'form', form: formId, channel: formChannel }
              : { kind: 'segment', audienceId, channel: audience?.channel ?? 'email' },
          steps: steps.map((s) => ({
            channel: s.channel,
            templateId: s.templateId,
            delayMinutes: Math.round(Number(s.amount || 0) * Number(s.unit)),
            campaignId: s.campaignId ?? null,
          })),
        });
      }
      if (what !== 'save' && saved) saved = await dripAction(saved.id, what);
      if (saved) onSaved(saved);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? [err.message, ...Object.entries(err.fields ?? {}).map(([k, v]) => `${k}: ${v}`)].join(' · ')
          : 'Not saved',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        {active && <Alert color="blue">The drip is running. Pause it to change it; contacts on their way keep their place.</Alert>}
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} disabled={active} />
        <SegmentedControl
          aria-label="Starts when"
          disabled={active}
          value={kind}
          onChange={(v) => setKind(v === 'form' ? 'form' : 'segment')}
          data={[
            { value: 'segment', label: 'A contact enters an audience' },
            { value: 'form', label: 'Someone submits a form' },
          ]}
        />
        <Group grow>
          {kind === 'segment' ? (
            <Select
              label="Starts when a contact enters"
              required
              searchable
              disabled={active}
              data={(audiences.data ?? []).map((a) => ({
                value: a.id,
                label: `${a.name} (${CHANNEL_LABEL[a.channel as Channel] ?? a.channel})`,
              }))}
              value={audienceId}
              onChange={setAudienceId}
            />
          ) : (
            <>
              <Select
                label="Starts when someone submits"
                required
                searchable
                disabled={active}
                nothingFoundMessage="No form"
                data={(forms.data ?? []).map((f) => ({ value: f.id, label: f.label }))}
                value={formId}
                onChange={setFormId}
              />
              <Select
                label="Who consented to"
                description="They enter only if they may be sent messages on this channel"
                allowDeselect={false}
                disabled={active}
                data={Object.entries(CHANNEL_LABEL).map(([value, label]) => ({ value, label }))}
                value={formChannel}
                onChange={(v) => setFormChannel((v ?? 'email') as Channel)}
              />
            </>
          )}
          <Select
            label="Stop when"
            allowDeselect={false}
            disabled={active}
            data={Object.entries(STOP_LABEL).map(([value, label]) => ({ value, label }))}
            value={stopWhen}
            onChange={(v) => setStopWhen(v ?? 'none')}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {kind === 'form'
            ? 'Each submitter goes through once, however often they submit the form; one who gave no consent for the channel does not enter.'
            : 'Each contact goes through once, even if they leave the audience and come back.'}{' '}
          Consent and suppression are checked when each message is sent.
        </Text>
        <fieldset disabled={active} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="xs">
            {steps.map((s, i) => (
              <StepRow
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are edited in place, by position
                key={i}
                step={s}
                index={i}
                onChange={(next) => setSteps(steps.map((x, j) => (j === i ? next : x)))}
                onRemove={() => setSteps(steps.filter((_, j) => j !== i))}
              />
            ))}
            <Group>
              <Button
                variant="default"
                onClick={() =>
                  setSteps([...steps, { channel: steps.at(-1)?.channel ?? 'email', templateId: null, amount: 1, unit: '1440' }])
                }
              >
                Add a step
              </Button>
            </Group>
          </Stack>
        </fieldset>
        <Group>
          {!active && (
            <Button variant="default" loading={busy} onClick={() => run('save')}>
              Save
            </Button>
          )}
          {!active && (
            <Button loading={busy} onClick={() => run('activate')}>
              {drip?.status === 'paused' ? 'Save and resume' : 'Save and start'}
            </Button>
          )}
          {active && (
            <Button color="yellow" loading={busy} onClick={() => run('pause')}>
              Pause
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Drips: the list, and one drip's editor (audience, steps with their delays, stop condition) and report. */
export default function DripsPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('record');
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['campaigns', 'drips'], queryFn: listDrips });
  const drip = useQuery({ queryKey: ['campaigns', 'drip', id], queryFn: () => getDrip(id!), enabled: Boolean(id && id !== 'new') });
  const saved = (d: Json) => {
    client.invalidateQueries({ queryKey: ['campaigns'] });
    setParams({ record: d.id });
  };
  return (
    <>
      <PageHeader
        title="Drips"
        description="Sequences of messages a contact gets after entering an audience or submitting a form, with waits between them."
        actions={<Button onClick={() => setParams({ record: 'new' })}>New drip</Button>}
      />
      <Stack>
        <Card withBorder>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Steps</Table.Th>
                <Table.Th>Stop when</Table.Th>
                <Table.Th>Entered</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`?record=${d.id}`}>
                      {d.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge value={d.status} label={humanize(d.status)} />
                  </Table.Td>
                  <Table.Td>{(d.steps as Json[]).length}</Table.Td>
                  <Table.Td>{STOP_LABEL[d.stopWhen]}</Table.Td>
                  <Table.Td>{d.enrolledCount}</Table.Td>
                </Table.Tr>
              ))}
              {list.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>No drips yet.</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Card>
        {id === 'new' && <DripEditor key="new" drip={null} onSaved={saved} />}
        {id && id !== 'new' && drip.data && (
          <>
            <Title order={3}>{drip.data.name}</Title>
            <DripEditor key={`${drip.data.id}-${drip.data.updatedAt}`} drip={drip.data} onSaved={saved} />
            <DripReport id={drip.data.id} />
          </>
        )}
      </Stack>
    </>
  );
}
