import { ActionIcon, Button, Group, NumberInput, Paper, SegmentedControl, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Rule, RuleGroup, RuleTree } from './segments-api';

/**
 * The rule builder: conditions on contacts (field, operator, value), joined by AND or OR, with one
 * level of groups. The tree it edits is what the server validates and compiles (rules.ts).
 */

type Kind = Rule['type'];
const FIELDS: { value: Kind; label: string }[] = [
  { value: 'tags', label: 'Tags' },
  { value: 'consent', label: 'Consent' },
  { value: 'country', label: 'Country' },
  { value: 'language', label: 'Language' },
  { value: 'source', label: 'Source' },
  { value: 'created', label: 'Created' },
  { value: 'last_activity', label: 'Last activity' },
  { value: 'attribute', label: 'Custom attribute' },
];

const OPS: Record<Kind, { value: string; label: string }[]> = {
  tags: [
    { value: 'any', label: 'has any of' },
    { value: 'all', label: 'has all of' },
    { value: 'none', label: 'has none of' },
  ],
  consent: [],
  country: [
    { value: 'in', label: 'is one of' },
    { value: 'not_in', label: 'is not one of' },
  ],
  language: [
    { value: 'in', label: 'is one of' },
    { value: 'not_in', label: 'is not one of' },
  ],
  source: [
    { value: 'in', label: 'is one of' },
    { value: 'not_in', label: 'is not one of' },
  ],
  created: [
    { value: 'within_days', label: 'in the last … days' },
    { value: 'not_within_days', label: 'not in the last … days' },
    { value: 'before', label: 'before' },
    { value: 'after', label: 'after' },
  ],
  last_activity: [
    { value: 'within_days', label: 'in the last … days' },
    { value: 'not_within_days', label: 'not in the last … days (or never)' },
    { value: 'before', label: 'before' },
    { value: 'after', label: 'after' },
  ],
  attribute: [
    { value: 'equals', label: 'equals' },
    { value: 'not_equals', label: 'does not equal' },
    { value: 'contains', label: 'contains' },
    { value: 'greater', label: 'is greater than' },
    { value: 'less', label: 'is less than' },
    { value: 'exists', label: 'is set' },
    { value: 'not_exists', label: 'is not set' },
  ],
};

const CHANNELS = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'push', label: 'Push' },
];
const CONSENT = [
  { value: 'opted_in', label: 'opted in' },
  { value: 'opted_out', label: 'opted out' },
  { value: 'unknown', label: 'not asked' },
];
const SOURCES = ['console', 'import', 'website', 'landing_page', 'shop', 'event', 'whatsapp', 'api', 'sync'];

/** A new condition of a kind, with sensible defaults. */
export function newRule(type: Kind): Rule {
  switch (type) {
    case 'tags':
      return { type, op: 'any', values: [] };
    case 'consent':
      return { type, channel: 'email', status: 'opted_in' };
    case 'country':
    case 'language':
    case 'source':
      return { type, op: 'in', values: [] };
    case 'created':
    case 'last_activity':
      return { type, op: 'within_days', days: 30 };
    case 'attribute':
      return { type, key: '', op: 'equals', value: '' };
  }
}

/** A condition the server can take as it is (the builder keeps half-filled ones out of counts). */
export function isComplete(rule: Rule): boolean {
  if ('values' in rule) return rule.values.length > 0;
  if (rule.type === 'attribute')
    return rule.key.trim() !== '' && (rule.op === 'exists' || rule.op === 'not_exists' || String(rule.value ?? '') !== '');
  if ('date' in rule) return /^\d{4}-\d{2}-\d{2}$/.test(rule.date);
  if ('days' in rule) return Number.isInteger(rule.days) && rule.days >= 1;
  return true;
}

/** The tree without half-filled conditions (and empty groups). */
export function completeTree(tree: RuleTree): RuleTree {
  const rules = tree.rules
    .map((r) => (r.type === 'group' ? { ...r, rules: r.rules.filter(isComplete) } : r))
    .filter((r) => (r.type === 'group' ? r.rules.length > 0 : isComplete(r)));
  return { op: tree.op, rules };
}

/** Text typed as a value: a number when it reads as one (attributes keep numbers as numbers). */
const typed = (s: string): string | number => (/^-?\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : s);

function RuleRow({ rule, onChange, onRemove, label }: { rule: Rule; onChange: (r: Rule) => void; onRemove: () => void; label: string }) {
  const ops = OPS[rule.type];
  const op = 'op' in rule ? rule.op : null;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="rule-row">
      <Select
        label="Field"
        aria-label={`${label}: field`}
        data={FIELDS}
        value={rule.type}
        allowDeselect={false}
        w={170}
        onChange={(v) => v && onChange(newRule(v as Kind))}
      />
      {rule.type === 'attribute' && (
        <TextInput label="Attribute" value={rule.key} w={140} onChange={(e) => onChange({ ...rule, key: e.currentTarget.value })} />
      )}
      {rule.type === 'consent' ? (
        <>
          <Select
            label="Channel"
            data={CHANNELS}
            value={rule.channel}
            allowDeselect={false}
            w={130}
            onChange={(v) => v && onChange({ ...rule, channel: v as typeof rule.channel })}
          />
          <Select
            label="Status"
            data={CONSENT}
            value={rule.status}
            allowDeselect={false}
            w={140}
            onChange={(v) => v && onChange({ ...rule, status: v as typeof rule.status })}
          />
        </>
      ) : (
        <Select
          label="Operator"
          data={ops}
          value={op}
          allowDeselect={false}
          w={210}
          onChange={(v) => {
            if (!v) return;
            if (rule.type === 'created' || rule.type === 'last_activity') {
              const windowed = v === 'within_days' || v === 'not_within_days';
              onChange(
                windowed
                  ? { type: rule.type, op: v, days: 'days' in rule ? rule.days : 30 }
                  : { type: rule.type, op: v as 'before' | 'after', date: 'date' in rule ? rule.date : '' },
              );
            } else onChange({ ...rule, op: v } as Rule);
          }}
        />
      )}
      <RuleValue rule={rule} onChange={onChange} />
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove} mb={4}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function RuleValue({ rule, onChange }: { rule: Rule; onChange: (r: Rule) => void }) {
  switch (rule.type) {
    case 'tags':
    case 'country':
    case 'language':
      return (
        <TagsInput
          label={rule.type === 'tags' ? 'Tags' : rule.type === 'country' ? 'Countries (ISO codes)' : 'Languages'}
          placeholder={rule.type === 'country' ? 'IN, AE …' : 'Type and press Enter'}
          value={rule.values}
          miw={200}
          onChange={(values) => onChange({ ...rule, values: rule.type === 'country' ? values.map((v) => v.toUpperCase()) : values })}
        />
      );
    case 'source':
      return (
        <TagsInput
          label="Sources"
          data={SOURCES}
          value={rule.values}
          miw={200}
          onChange={(values) => onChange({ ...rule, values: values.filter((v) => SOURCES.includes(v)) })}
        />
      );
    case 'created':
    case 'last_activity':
      return 'days' in rule ? (
        <NumberInput
          label="Days"
          min={1}
          max={3650}
          value={rule.days}
          w={100}
          onChange={(v) => onChange({ ...rule, days: Number(v) || 0 })}
        />
      ) : (
        <TextInput
          label="Date"
          type="date"
          value={rule.date}
          w={170}
          onChange={(e) => onChange({ ...rule, date: e.currentTarget.value })}
        />
      );
    case 'attribute':
      return rule.op === 'exists' || rule.op === 'not_exists' ? null : (
        <TextInput
          label="Value"
          value={String(rule.value ?? '')}
          w={150}
          onChange={(e) => onChange({ ...rule, value: typed(e.currentTarget.value) })}
        />
      );
    default:
      return null;
  }
}

function Joiner({ value, onChange, label }: { value: 'and' | 'or'; onChange: (v: 'and' | 'or') => void; label: string }) {
  return (
    <Group gap="xs">
      <Text size="sm" id={`${label}-joiner`}>
        Match
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={`${label}-joiner`}
        value={value}
        onChange={(v) => onChange(v as 'and' | 'or')}
        data={[
          { value: 'and', label: 'all (AND)' },
          { value: 'or', label: 'any (OR)' },
        ]}
      />
    </Group>
  );
}

export function RuleBuilder({ value, onChange }: { value: RuleTree; onChange: (tree: RuleTree) => void }) {
  const set = (i: number, r: Rule | RuleGroup) => onChange({ ...value, rules: value.rules.map((x, j) => (j === i ? r : x)) });
  const remove = (i: number) => onChange({ ...value, rules: value.rules.filter((_, j) => j !== i) });
  return (
    <Stack gap="sm">
      <Joiner value={value.op} onChange={(op) => onChange({ ...value, op })} label="top" />
      {value.rules.length === 0 && (
        <Text size="sm" c="dimmed">
          No conditions yet: every contact matches.
        </Text>
      )}
      {value.rules.map((r, i) =>
        r.type === 'group' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions are positional and fully controlled
          <Paper key={i} withBorder p="sm">
            <Stack gap="xs">
              <Group justify="space-between">
                <Joiner value={r.op} onChange={(op) => set(i, { ...r, op })} label={`group-${i}`} />
                <Button size="xs" variant="subtle" color="red" onClick={() => remove(i)}>
                  Remove group
                </Button>
              </Group>
              {r.rules.map((x, j) => (
                <RuleRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions are positional and fully controlled
                  key={j}
                  label={`Condition ${i + 1}.${j + 1}`}
                  rule={x}
                  onChange={(n) => set(i, { ...r, rules: r.rules.map((y, k) => (k === j ? n : y)) })}
                  onRemove={() => (r.rules.length === 1 ? remove(i) : set(i, { ...r, rules: r.rules.filter((_, k) => k !== j) }))}
                />
              ))}
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => set(i, { ...r, rules: [...r.rules, newRule('tags')] })}
              >
                Add condition to group
              </Button>
            </Stack>
          </Paper>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions are positional and fully controlled
          <RuleRow key={i} label={`Condition ${i + 1}`} rule={r} onChange={(n) => set(i, n)} onRemove={() => remove(i)} />
        ),
      )}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange({ ...value, rules: [...value.rules, newRule('tags')] })}
        >
          Add condition
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => onChange({ ...value, rules: [...value.rules, { type: 'group', op: 'or', rules: [newRule('country')] }] })}
        >
          Add group
        </Button>
      </Group>
    </Stack>
  );
}
