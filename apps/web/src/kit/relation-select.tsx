import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useResourceMeta } from '../api/get-resources-meta';
import { getRecord, listRecords, recordKey, useRecord } from './resource-api';

export interface RelationSelectProps {
  label: string;
  /** Path of the related resource, e.g. identity/roles. */
  resource: string;
  value: string | null;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  clearable?: boolean;
  placeholder?: string;
}

/** The first records of a resource matching what is typed (searched on the server). */
function useRelationOptions(resource: string) {
  const { meta } = useResourceMeta(resource);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useQuery({
    queryKey: ['resource', resource, 'options', debounced],
    enabled: Boolean(meta),
    staleTime: 30_000,
    queryFn: () => listRecords(resource, { q: debounced || undefined, limit: 20, withTotal: 'false' }),
  });
  return { meta, title: meta?.ui.title ?? 'name', options, setSearch };
}

/** Picks a record of another resource, searching on the server as you type. */
export function RelationSelect({
  label,
  resource,
  value,
  onChange,
  onBlur,
  error,
  description,
  required,
  clearable = true,
  placeholder,
}: RelationSelectProps) {
  const { meta, title, options, setSearch } = useRelationOptions(resource);
  const current = useRecord(resource, value && meta ? value : null);
  const data = new Map<string, string>();
  if (value && current.data) data.set(value, String(current.data[title] ?? value));
  for (const row of options.data?.data ?? []) data.set(row.id, String(row[title] ?? row.id));
  return (
    <Select
      label={label}
      description={description}
      error={error}
      required={required}
      placeholder={placeholder ?? (meta ? `Choose a ${meta.label.singular.toLowerCase()}` : 'Not available')}
      disabled={!meta}
      searchable
      clearable={clearable}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'Nothing found'}
      data={[...data].map(([id, text]) => ({ value: id, label: text }))}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
    />
  );
}

export interface RelationMultiSelectProps extends Omit<RelationSelectProps, 'value' | 'onChange'> {
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** Most records that may be chosen. */
  maxValues?: number;
}

/** Picks several records of another resource (a many-to-many list of ids), searching on the server as you type. */
export function RelationMultiSelect({
  label,
  resource,
  value,
  onChange,
  onBlur,
  error,
  description,
  required,
  clearable = true,
  placeholder,
  disabled,
  maxValues,
}: RelationMultiSelectProps) {
  const { meta, title, options, setSearch } = useRelationOptions(resource);
  // The titles of the chosen records (each read once and cached like any record).
  const chosen = useQueries({
    queries: (meta ? value : []).map((id) => ({
      queryKey: recordKey(resource, id),
      queryFn: () => getRecord(resource, id),
      staleTime: 60_000,
    })),
  });
  // What the search found first, then the chosen records it did not find (so their pills have titles).
  const data = new Map<string, string>();
  for (const row of options.data?.data ?? []) data.set(row.id, String(row[title] ?? row.id));
  value.forEach((id, i) => {
    const row = chosen[i]?.data;
    if (row) data.set(id, String(row[title] ?? id));
    else if (!data.has(id)) data.set(id, chosen[i]?.isError ? `Unknown (${id.slice(0, 8)})` : id);
  });
  const plural = meta?.label.plural.toLowerCase();
  return (
    <MultiSelect
      label={label}
      description={description}
      error={error}
      required={required}
      placeholder={value.length > 0 ? undefined : (placeholder ?? (plural ? `Choose ${plural}` : 'Not available'))}
      disabled={disabled || !meta}
      searchable
      clearable={clearable}
      maxValues={maxValues}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'Nothing found'}
      data={[...data].map(([id, text]) => ({ value: id, label: text }))}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
    />
  );
}
