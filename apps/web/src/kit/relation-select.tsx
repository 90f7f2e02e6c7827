import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useResourceMeta } from '../api/get-resources-meta';
import { listRecords, useRecord } from './resource-api';

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
  const { meta } = useResourceMeta(resource);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const title = meta?.ui.title ?? 'name';
  const options = useQuery({
    queryKey: ['resource', resource, 'options', debounced],
    enabled: Boolean(meta),
    staleTime: 30_000,
    queryFn: () => listRecords(resource, { q: debounced || undefined, limit: 20, withTotal: 'false' }),
  });
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
