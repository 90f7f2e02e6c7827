import { Button, Group, NumberInput, Paper, SegmentedControl, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Option, options } from '../../../kit/options';
import { RemoveButton } from '../../../kit/remove-button';
import type { Channel, Rule, RuleGroup, RuleTree } from './segments-api';

/**
 * The rule builder: conditions on contacts (field, operator, value), joined by AND or OR, with one
 * level of groups. The tree it edits is what the server validates and compiles (rules.ts).
 */

type Kind = Rule['type'];

const FIELDS = options<Kind>([
  ['tags', 'Tags'],
  ['consent', 'Consent'],
  ['country', 'Country'],
  ['language', 'Language'],
  ['source', 'Source'],
  ['created', 'Created'],
  ['last_activity', 'Last activity'],
  ['attribute', 'Custom attribute'],
]);

const ONE_OF = options([
  ['in', 'is one of'],
  ['not_in', 'is not one of'],
]);
/** The operators of a date: a window of days, or before/after a date. */
const dated = (notWithin: string) =>
  options([
    ['within_days', 'in the last … days'],
    ['not_within_days', notWithin],
    ['before', 'before'],
    ['after', 'after'],
  ]);
const OPS: Record<Kind, Option[]> = {
  tags: options([
    ['any', 'has any of'],
    ['all', 'has all of'],
    ['none', 'has none of'],
  ]),
  consent: [],
  country: ONE_OF,
  language: ONE_OF,
  source: ONE_OF,
  created: dated('not in the last … days'),
  last_activity: dated('not in the last … days (or never)'),
  attribute: options([
    ['equals', 'equals'],
    ['not_equals', 'does not equal'],
    ['contains', 'contains'],
    ['greater', 'is greater than'],
    ['less', 'is less than'],
    ['exists', 'is set'],
    ['not_exists', 'is not set'],
  ]),
};

const CHANNELS = options<Channel>([
  ['email', 'Email'],
  ['sms', 'SMS'],
  ['whatsapp', 'WhatsApp'],
  ['push', 'Push'],
]);
type ConsentStatus = Extract<Rule, { type: 'consent' }>['status'];
const CONSENT = options<ConsentStatus>([
  ['opted_in', 'opted in'],
  ['opted_out', 'opted out'],
  ['unknown', 'not asked'],
]);
const SOURCES = ['console', 'import', 'website', 'landing_page', 'shop', 'event', 'whatsapp', 'api', 'sync'];

/** How each list condition's values are typed: label, suggestions, and what is kept of the input. */
const LIST_VALUES: Record<
  Extract<Rule, { values: string[] }>['type'],
  { label: string; placeholder?: string; data?: string[]; keep?: (values: string[]) => string[] }
> = {
  tags: { label: 'Tags', placeholder: 'Type and press Enter' },
  country: { label: 'Countries (ISO codes)', placeholder: 'IN, AE …', keep: (values) => values.map((v) => v.toUpperCase()) },
  language: { label: 'Languages', placeholder: 'Type and press Enter' },
  source: { label: 'Sources', data: SOURCES, keep: (values) => values.filter((v) => SOURCES.includes(v)) },
};

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

/** A select that always holds one of its options. */
function Choice<T extends string>(props: {
  label: string;
  ariaLabel?: string;
  data: Option<T>[];
  value: T | null;
  w: number;
  onChange: (v: T) => void;
}) {
  const { label, ariaLabel, data, value, w, onChange } = props;
  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      data={data}
      value={value}
      allowDeselect={false}
      w={w}
      onChange={(v) => v && onChange(v as T)}
    />
  );
}

function RuleRow({ rule, onChange, onRemove, label }: { rule: Rule; onChange: (r: Rule) => void; onRemove: () => void; label: string }) {
  const op = 'op' in rule ? rule.op : null;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="rule-row">
      <Choice label="Field" ariaLabel={`${label}: field`} data={FIELDS} value={rule.type} w={170} onChange={(v) => onChange(newRule(v))} />
      {rule.type === 'attribute' && (
        <TextInput label="Attribute" value={rule.key} w={140} onChange={(e) => onChange({ ...rule, key: e.currentTarget.value })} />
      )}
      {rule.type === 'consent' ? (
        <>
          <Choice label="Channel" data={CHANNELS} value={rule.channel} w={130} onChange={(channel) => onChange({ ...rule, channel })} />
          <Choice label="Status" data={CONSENT} value={rule.status} w={140} onChange={(status) => onChange({ ...rule, status })} />
        </>
      ) : (
        <Choice
          label="Operator"
          data={OPS[rule.type]}
          value={op}
          w={210}
          onChange={(v) => {
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
      <RemoveButton label={`Remove ${label.toLowerCase()}`} onClick={onRemove} mb={4} />
    </Group>
  );
}

function RuleValue({ rule, onChange }: { rule: Rule; onChange: (r: Rule) => void }) {
  if ('values' in rule) {
    const input = LIST_VALUES[rule.type];
    return (
      <TagsInput
        label={input.label}
        placeholder={input.placeholder}
        data={input.data}
        value={rule.values}
        miw={200}
        onChange={(values) => onChange({ ...rule, values: input.keep ? input.keep(values) : values })}
      />
    );
  }
  switch (rule.type) {
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

const JOINERS = options<'and' | 'or'>([
  ['and', 'all (AND)'],
  ['or', 'any (OR)'],
]);

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
        data={JOINERS}
      />
    </Group>
  );
}

const replaceAt = <T,>(list: T[], i: number, item: T) => list.map((x, j) => (j === i ? item : x));
const removeAt = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

function AddButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onClick}>
      {children}
    </Button>
  );
}

export function RuleBuilder({ value, onChange }: { value: RuleTree; onChange: (tree: RuleTree) => void }) {
  const set = (i: number, r: Rule | RuleGroup) => onChange({ ...value, rules: replaceAt(value.rules, i, r) });
  const remove = (i: number) => onChange({ ...value, rules: removeAt(value.rules, i) });
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
                  onChange={(n) => set(i, { ...r, rules: replaceAt(r.rules, j, n) })}
                  onRemove={() => (r.rules.length === 1 ? remove(i) : set(i, { ...r, rules: removeAt(r.rules, j) }))}
                />
              ))}
              <AddButton onClick={() => set(i, { ...r, rules: [...r.rules, newRule('tags')] })}>Add condition to group</AddButton>
            </Stack>
          </Paper>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions are positional and fully controlled
          <RuleRow key={i} label={`Condition ${i + 1}`} rule={r} onChange={(n) => set(i, n)} onRemove={() => remove(i)} />
        ),
      )}
      <Group gap="xs">
        <AddButton onClick={() => onChange({ ...value, rules: [...value.rules, newRule('tags')] })}>Add condition</AddButton>
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
