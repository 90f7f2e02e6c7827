import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { type CodeKind, codeOptionsWith, normaliseCode } from './codes';

export interface CodePickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  kind: CodeKind;
  value: string | null | undefined;
  onChange: (code: string | null) => void;
}

const PLACEHOLDER: Record<CodeKind, string> = {
  country: 'Search countries',
  currency: 'Search currencies',
  language: 'Search languages',
  timezone: 'Search time zones',
};

/**
 * A country, currency, language or time zone chosen by name (type "Ger" for Germany) and kept as its
 * code (DE). Used by the kit's forms, filters and bulk edit for fields the server declares as codes.
 */
export function CodePicker({ kind, value, onChange, ...props }: CodePickerProps) {
  const stored = value ? normaliseCode(kind, value) : null;
  const data = useMemo(() => codeOptionsWith(kind, stored), [kind, stored]);
  return (
    <Select
      searchable
      placeholder={PLACEHOLDER[kind]}
      nothingFoundMessage="Nothing matches"
      limit={80}
      maxDropdownHeight={280}
      {...props}
      data={data}
      value={stored}
      onChange={(code) => onChange(code)}
    />
  );
}
