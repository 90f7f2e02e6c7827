import { MultiSelect, type OptionsFilter, Select } from '@mantine/core';
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

/** The server already searched: the options are shown as found. */
const asFound: OptionsFilter = ({ options }) => options;

/** The first records of a resource matching what is typed (searched on the server), and the select props that search. */
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
  const searching = {
    searchable: true,
    nothingFoundMessage: options.isFetching ? 'Searching…' : 'Nothing found',
    onSearchChange: setSearch,
    filter: asFound,
  };
  return { meta, title: meta?.ui.title ?? 'name', found: options.data?.data ?? [], searching };
}

const choices = (titles: Map<string, string>) => [...titles].map(([id, text]) => ({ value: id, label: text }));

/** Picks a record of another resource, searching on the server as you type. */
export function RelationSelect({ resource, value, onChange, clearable = true, placeholder, ...field }: RelationSelectProps) {
  const { meta, title, found, searching } = useRelationOptions(resource);
  const current = useRecord(resource, value && meta ? value : null);
  const titles = new Map<string, string>();
  if (value && current.data) titles.set(value, String(current.data[title] ?? value));
  for (const row of found) titles.set(row.id, String(row[title] ?? row.id));
  return (
    <Select
      {...field}
      {...searching}
      placeholder={placeholder ?? (meta ? `Choose a ${meta.label.singular.toLowerCase()}` : 'Not available')}
      disabled={!meta}
      clearable={clearable}
      data={choices(titles)}
      value={value}
      onChange={onChange}
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
  resource,
  value,
  onChange,
  clearable = true,
  placeholder,
  disabled,
  ...field
}: RelationMultiSelectProps) {
  const { meta, title, found, searching } = useRelationOptions(resource);
  // The titles of the chosen records (each read once and cached like any record).
  const chosen = useQueries({
    queries: (meta ? value : []).map((id) => ({
      queryKey: recordKey(resource, id),
      queryFn: () => getRecord(resource, id),
      staleTime: 60_000,
    })),
  });
  // What the search found first, then the chosen records it did not find (so their pills have titles).
  const titles = new Map<string, string>();
  for (const row of found) titles.set(row.id, String(row[title] ?? row.id));
  value.forEach((id, i) => {
    const row = chosen[i]?.data;
    if (row) titles.set(id, String(row[title] ?? id));
    else if (!titles.has(id)) titles.set(id, chosen[i]?.isError ? `Unknown (${id.slice(0, 8)})` : id);
  });
  const plural = meta?.label.plural.toLowerCase();
  return (
    <MultiSelect
      {...field}
      {...searching}
      placeholder={value.length > 0 ? undefined : (placeholder ?? (plural ? `Choose ${plural}` : 'Not available'))}
      disabled={disabled || !meta}
      clearable={clearable}
      data={choices(titles)}
      value={value}
      onChange={onChange}
    />
  );
}
