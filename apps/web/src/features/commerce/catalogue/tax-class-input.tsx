import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api, unwrap } from '../../../api/client';
import type { WidgetProps } from '../../../kit/field-input';
import { fieldInputProps } from '../../../kit/field-input-props';

/** The shop's tax classes, each named by its rates ("standard — GST 18% (IN)"), from the tax rates. */
export function useTaxClasses() {
  const rates = useQuery({
    queryKey: ['resource', 'commerce/tax-rates', 'list', 'classes'],
    staleTime: 60_000,
    queryFn: () => unwrap(api.GET('/api/v1/commerce/tax-rates', { params: { query: { limit: 200, sort: 'name', withTotal: 'false' } } })),
  });
  return useMemo(() => {
    const byClass = new Map<string, { name: string; country: string | null }[]>();
    for (const rate of rates.data?.data ?? []) byClass.set(rate.taxClass, [...(byClass.get(rate.taxClass) ?? []), rate]);
    return {
      loading: rates.isLoading,
      options: [...byClass.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, list]) => ({
          value: code,
          label: `${code} — ${list
            .slice(0, 3)
            .map((r) => (r.country ? `${r.name} (${r.country})` : r.name))
            .join(', ')}${list.length > 3 ? ` and ${list.length - 3} more` : ''}`,
        })),
    };
  }, [rates.data, rates.isLoading]);
}

/** What a typed name becomes as a class code (the server's rule: lowercase letters, digits, _ and -). */
export function taxClassCode(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .slice(0, 40);
}

/**
 * A tax class chosen from the shop's classes (those its tax rates define), searchable, each shown
 * with its rates; stored as its code. A class no rate names yet (kept from before) stays choosable.
 * `creatable` (the tax rates' own form, where classes come from): a name typed that is no class yet
 * is offered as a new class, as its code ("Books" → books).
 */
function TaxClassPicker({ field, input, mode, disabled, creatable }: WidgetProps & { creatable: boolean }) {
  const classes = useTaxClasses();
  const [search, setSearch] = useState('');
  const value = typeof input.value === 'string' && input.value !== '' ? input.value : null;
  const known = new Set(classes.options.map((o) => o.value));
  const typed = creatable ? taxClassCode(search) : '';
  const data = [
    ...classes.options,
    // A class no rate names: on a rate's own form, the new class this rate makes.
    ...(value && !known.has(value) ? [{ value, label: `${value} — ${creatable ? 'new tax class' : 'no tax rate yet'}` }] : []),
    ...(typed && !known.has(typed) && typed !== value ? [{ value: typed, label: `${typed} — new tax class` }] : []),
  ];
  // Matched by name as usual, but the offered new class always stays in the list ("Books" → books).
  const filter: OptionsFilter = ({ options, search }) => {
    const words = search.toLowerCase().trim().split(/\s+/).filter(Boolean);
    return (options as ComboboxItem[]).filter(
      (o) => (typed !== '' && o.value === typed) || words.every((w) => o.label.toLowerCase().includes(w)),
    );
  };
  return (
    <Select
      {...fieldInputProps({ field, input, mode, disabled })}
      data={data}
      filter={filter}
      value={value}
      onChange={(code) => input.onChange(code ?? '')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable={!field.required}
      nothingFoundMessage={creatable ? 'Type a name for a new class' : 'No tax class: add one under Tax rates'}
      description={
        field.help ??
        (creatable
          ? 'Products of this class are taxed at this rate: pick a class or type a new one'
          : 'Which tax rates apply: the classes come from Tax rates')
      }
    />
  );
}

/** A product's (or the shipping's) tax class, from the classes the tax rates define. */
export function TaxClassInput(props: WidgetProps) {
  return <TaxClassPicker {...props} creatable={false} />;
}

/** A tax rate's class: one of the shop's classes, or a new one typed by name. */
export function NewOrExistingTaxClassInput(props: WidgetProps) {
  return <TaxClassPicker {...props} creatable />;
}
