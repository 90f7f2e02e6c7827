import '@mantine/dates/styles.css';
import { Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { CodePicker } from './code-picker';
import { isCodeKind } from './codes';
import { RelationSelect } from './relation-select';
import { type FieldDef, optionData } from './schema';

/** One filter of a list, by the field's kind: a date range, a choice, a record, a code picker or text. */
export default function FilterControl({
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
