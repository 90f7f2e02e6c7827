import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../kit/page-header';
import { humanize } from '../../kit/schema';
import { StatusBadge } from '../../kit/status-badge';
import {
  conversationAction,
  deleteBotRule,
  type Json,
  listBotMessages,
  listBotRules,
  listConversations,
  saveBotRule,
} from './campaigns-api';

const STATE_LABEL: Record<string, string> = { bot: 'Bot', handed_off: 'Waiting for a person', closed: 'Closed' };
const STATE_COLOR: Record<string, string> = { bot: 'blue', handed_off: 'yellow', closed: 'gray' };
const MATCH_LABEL: Record<string, string> = { word: 'As a word', exact: 'The whole message', contains: 'Anywhere in the text' };

const failure = (err: unknown) =>
  err instanceof ApiError ? [err.message, ...Object.entries(err.fields ?? {}).map(([k, v]) => `${k}: ${v}`)].join(' · ') : 'Not done';

function Conversation({ conversation }: { conversation: Json }) {
  const client = useQueryClient();
  const messages = useQuery({
    queryKey: ['campaigns', 'bot-messages', conversation.id],
    queryFn: () => listBotMessages(conversation.id),
    refetchInterval: 10_000,
  });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (action: 'reply' | 'hand-off' | 'hand-back' | 'close') => {
    setBusy(true);
    setError(null);
    try {
      await conversationAction(conversation.id, action, action === 'reply' ? { text } : {});
      if (action === 'reply') setText('');
      await client.invalidateQueries({ queryKey: ['campaigns'] });
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  // Oldest first; a reply written with its message (the same instant) comes after it.
  const ordered = [...(messages.data ?? [])].sort(
    (x, y) => String(x.createdAt).localeCompare(String(y.createdAt)) || (x.direction === 'in' ? -1 : 1) - (y.direction === 'in' ? -1 : 1),
  );
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <div>
          <Text fw={700}>{conversation.name || `+${conversation.waId}`}</Text>
          <Text size="sm" c="dimmed">
            +{conversation.waId}
            {conversation.handOffReason ? ` · ${conversation.handOffReason}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <StatusBadge value={conversation.state} label={STATE_LABEL[conversation.state]} color={STATE_COLOR[conversation.state]} />
          {conversation.state === 'bot' && (
            <Button size="xs" variant="default" loading={busy} onClick={() => act('hand-off')}>
              Take over
            </Button>
          )}
          {conversation.state === 'handed_off' && (
            <Button size="xs" variant="default" loading={busy} onClick={() => act('hand-back')}>
              Give back to the bot
            </Button>
          )}
          {conversation.state !== 'closed' && (
            <Button size="xs" variant="default" loading={busy} onClick={() => act('close')}>
              Close
            </Button>
          )}
        </Group>
      </Group>
      <ScrollArea h={340} type="auto">
        <Stack gap={6} p="xs">
          {ordered.map((m) => (
            <Paper
              key={m.id}
              p="xs"
              radius="md"
              withBorder
              maw="80%"
              style={{ alignSelf: m.direction === 'in' ? 'flex-start' : 'flex-end' }}
              bg={m.direction === 'in' ? undefined : 'var(--mantine-color-green-light)'}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {m.text}
              </Text>
              <Text size="xs" c="dimmed">
                {new Date(m.createdAt).toLocaleString()} · {m.author === 'contact' ? 'Contact' : m.author === 'bot' ? 'Bot' : 'Person'}
                {m.direction === 'out' ? ` · ${humanize(m.status)}` : ''}
                {m.error ? ` · ${m.error}` : ''}
              </Text>
            </Paper>
          ))}
          {ordered.length === 0 && <Text c="dimmed">No messages.</Text>}
        </Stack>
      </ScrollArea>
      {error && (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      )}
      {conversation.state !== 'closed' && (
        <Group mt="sm" align="end">
          <Textarea
            label="Reply"
            description="Sent as you; the bot stays quiet in this conversation."
            style={{ flex: 1 }}
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button loading={busy} disabled={!text.trim()} onClick={() => act('reply')}>
            Send
          </Button>
        </Group>
      )}
    </Card>
  );
}

function Conversations() {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState('all');
  const list = useQuery({
    queryKey: ['campaigns', 'bot-conversations', state],
    queryFn: () => listConversations(state),
    refetchInterval: 15_000,
  });
  const selected = (list.data ?? []).find((c) => c.id === params.get('conversation'));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder>
        <SegmentedControl
          mb="sm"
          value={state}
          onChange={setState}
          data={[{ value: 'all', label: 'All' }, ...Object.entries(STATE_LABEL).map(([value, label]) => ({ value, label }))]}
        />
        <Stack gap={4}>
          {(list.data ?? []).map((c) => (
            <UnstyledButton
              key={c.id}
              onClick={() => setParams({ conversation: c.id })}
              p="xs"
              style={{ borderRadius: 6, background: c.id === selected?.id ? 'var(--mantine-color-default-hover)' : undefined }}
            >
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {c.name || `+${c.waId}`}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {c.lastMessage}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  {c.unread > 0 && <Badge>{c.unread}</Badge>}
                  <StatusBadge value={c.state} label={STATE_LABEL[c.state]} color={STATE_COLOR[c.state]} />
                </Group>
              </Group>
            </UnstyledButton>
          ))}
          {list.data?.length === 0 && (
            <Text c="dimmed">No conversations yet: they appear when contacts write to the community's WhatsApp number.</Text>
          )}
        </Stack>
      </Card>
      {selected ? <Conversation key={selected.id} conversation={selected} /> : <Card withBorder>Choose a conversation.</Card>}
    </SimpleGrid>
  );
}

function RuleForm({ rule, onDone }: { rule: Json | null; onDone: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState<string>(rule?.name ?? '');
  const [keywords, setKeywords] = useState<string[]>(rule?.keywords ?? []);
  const [match, setMatch] = useState<string>(rule?.match ?? 'word');
  const [reply, setReply] = useState<string>(rule?.reply ?? '');
  const [handOff, setHandOff] = useState<boolean>(rule?.handOff ?? false);
  const [active, setActive] = useState<boolean>(rule?.active ?? true);
  const [priority, setPriority] = useState<number | string>(rule?.priority ?? 100);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await saveBotRule(rule?.id ?? null, { name, keywords, match, reply, handOff, active, priority: Number(priority) });
      await client.invalidateQueries({ queryKey: ['campaigns', 'bot-rules'] });
      onDone();
    } catch (err) {
      setError(failure(err));
    }
  };
  return (
    <Card withBorder>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <Group grow>
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Select
            label="Match"
            allowDeselect={false}
            data={Object.entries(MATCH_LABEL).map(([value, label]) => ({ value, label }))}
            value={match}
            onChange={(v) => setMatch(v ?? 'word')}
          />
          <NumberInput label="Priority (lower first)" min={0} max={10000} value={priority} onChange={setPriority} />
        </Group>
        <TagsInput
          label="Keywords"
          description="Press Enter after each; case and accents do not matter"
          value={keywords}
          onChange={setKeywords}
        />
        <Textarea label="Reply" autosize minRows={2} value={reply} onChange={(e) => setReply(e.currentTarget.value)} />
        <Group>
          <Switch label="Hand off to a person" checked={handOff} onChange={(e) => setHandOff(e.currentTarget.checked)} />
          <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        </Group>
        <Group>
          <Button onClick={save}>Save rule</Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Rules() {
  const client = useQueryClient();
  const rules = useQuery({ queryKey: ['campaigns', 'bot-rules'], queryFn: listBotRules });
  const [editing, setEditing] = useState<Json | 'new' | null>(null);
  return (
    <Stack>
      <Group>
        <Button onClick={() => setEditing('new')}>New rule</Button>
      </Group>
      {editing && (
        <RuleForm key={editing === 'new' ? 'new' : editing.id} rule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
      <Card withBorder>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Keywords</Table.Th>
              <Table.Th>Match</Table.Th>
              <Table.Th>Reply</Table.Th>
              <Table.Th>Hand-off</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rules.data ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{(r.keywords as string[]).join(', ')}</Table.Td>
                <Table.Td>{MATCH_LABEL[r.match]}</Table.Td>
                <Table.Td maw={320}>
                  <Text size="sm" lineClamp={2}>
                    {r.reply}
                  </Text>
                </Table.Td>
                <Table.Td>{r.handOff ? 'Yes' : ''}</Table.Td>
                <Table.Td>{r.active ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setEditing(r)}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={async () => {
                        await deleteBotRule(r.id);
                        await client.invalidateQueries({ queryKey: ['campaigns', 'bot-rules'] });
                      }}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {rules.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>No rules yet: every message waits for a person.</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

/** The WhatsApp bot: conversations (the bot's or a person's, with a reply box) and the keyword rules. */
export default function WhatsappBotPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="WhatsApp bot"
        description="Keyword auto-replies to messages sent to the community's WhatsApp number, and conversations handed to a person."
      />
      <Tabs defaultValue={params.get('tab') === 'rules' ? 'rules' : 'conversations'} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="conversations">Conversations</Tabs.Tab>
          <Tabs.Tab value="rules">Rules</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="conversations">
          <Conversations />
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <Rules />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
