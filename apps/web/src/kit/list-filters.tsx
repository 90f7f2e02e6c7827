import { Badge, Button, CloseButton, Group, Popover, Select, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconFilter } from '@tabler/icons-react';
import type { ResourceMeta } from '../api/get-resources-meta';
import { CodePicker } from './code-picker';
import { codeName, isCodeKind } from './codes';
import { RelationSelect } from './relation-select';
import { type FieldDef, optionData, outputFields } from './schema';

export interface ListFiltersProps {
  meta: ResourceMeta;
  values: Record<string, string[]>;
  onChange: (values: Record<string, string[]>) => void;
  /** Filters the screen fixes (not offered). */
  fixed?: string[];
}

function FilterControl({
  field,
  values,
  set,
}: {
  field: FieldDef;
  values: Record<string, string[]>;
  set: (name: string, v: string | null) => void;
}) {
  const one = values[field.key]?.[0] ?? null;
  if (field.kind === 'datetime' || field.kind === 'date') {
    const from = values[`${field.key}.gte`]?.[0]?.slice(0, 10) ?? null;
    const to = values[`${field.key}.lte`]?.[0]?.slice(0, 10) ?? null;
    return (
      <DatePickerInput
        type="range"
        label={field.label}
        placeholder="Any time"
        clearable
        allowSingleDateInRange
        value={[from, to]}
        onChange={([a, b]) => {
          set(`${field.key}.gte`, a ? `${a.slice(0, 10)}T00:00:00.000Z` : null);
          set(`${field.key}.lte`, b ? `${b.slice(0, 10)}T23:59:59.999Z` : null);
        }}
        popoverProps={{ withinPortal: false }}
      />
    );
  }
  if (field.kind === 'select' || field.kind === 'switch') {
    const data =
      field.kind === 'switch'
        ? [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]
        : optionData(field);
    return (
      <Select
        label={field.label}
        placeholder="Any"
        data={data}
        value={one}
        onChange={(v) => set(field.key, v)}
        clearable
        comboboxProps={{ withinPortal: false }}
      />
    );
  }
  if (isCodeKind(field.kind)) {
    return (
      <CodePicker
        kind={field.kind}
        label={field.label}
        placeholder="Any"
        value={one}
        onChange={(v) => set(field.key, v)}
        clearable
        comboboxProps={{ withinPortal: false }}
      />
    );
  }
  if (field.kind === 'relation' && field.ref) {
    return <RelationSelect label={field.label} resource={field.ref} value={one} onChange={(v) => set(field.key, v)} placeholder="Any" />;
  }
  return (
    <TextInput label={field.label} placeholder="Any" value={one ?? ''} onChange={(e) => set(field.key, e.currentTarget.value || null)} />
  );
}

/** The list's filters: a popover of controls, and the active ones as removable badges. */
export function ListFilters({ meta, values, onChange, fixed = [] }: ListFiltersProps) {
  const fields = outputFields(meta).filter((f) => meta.list.filters.includes(f.key) && !fixed.includes(f.key));
  if (fields.length === 0) return null;
  const set = (name: string, v: string | null) => {
    const next = { ...values };
    if (v === null || v === '') delete next[name];
    else next[name] = [v];
    onChange(next);
  };
  const active = Object.entries(values);
  /** A filter's value as people read it: a code by its name. */
  const valueText = (name: string, v: string[]) => {
    if (name.includes('.')) return v[0].slice(0, 10);
    const kind = fields.find((f) => f.key === name)?.kind;
    return kind && isCodeKind(kind) ? v.map((code) => codeName(kind, code)).join(', ') : v.join(', ');
  };
  const labelOf = (name: string) => {
    const [key, op] = name.split('.');
    const label = fields.find((f) => f.key === key)?.label ?? key;
    return op === 'gte' ? `${label} from` : op === 'lte' ? `${label} until` : label;
  };
  return (
    <>
      <Popover position="bottom-start" width={300} shadow="md" trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            rightSection={
              active.length ? (
                <Badge size="xs" circle>
                  {active.length}
                </Badge>
              ) : null
            }
          >
            Filters
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            {fields.map((f) => (
              <FilterControl key={f.key} field={f} values={values} set={set} />
            ))}
            {active.length > 0 && (
              <Button variant="subtle" size="xs" onClick={() => onChange({})}>
                Clear all filters
              </Button>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {active.length > 0 && (
        <Group gap={6}>
          {active.map(([name, v]) => (
            <Badge
              key={name}
              variant="outline"
              size="lg"
              tt="none"
              rightSection={<CloseButton size="xs" aria-label={`Remove the filter ${labelOf(name)}`} onClick={() => set(name, null)} />}
            >
              {labelOf(name)}: {valueText(name, v)}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
}
