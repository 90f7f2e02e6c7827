import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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

/**
 * A tax class chosen from the shop's classes (those its tax rates define), searchable, each shown
 * with its rates; stored as its code. A class no rate names yet (kept from before) stays choosable.
 */
export function TaxClassInput({ field, input, mode, disabled }: WidgetProps) {
  const classes = useTaxClasses();
  const value = typeof input.value === 'string' && input.value !== '' ? input.value : null;
  const data =
    value && !classes.options.some((o) => o.value === value)
      ? [...classes.options, { value, label: `${value} — no tax rate yet` }]
      : classes.options;
  return (
    <Select
      {...fieldInputProps({ field, input, mode, disabled })}
      data={data}
      value={value}
      onChange={(code) => input.onChange(code ?? '')}
      searchable
      clearable={!field.required}
      nothingFoundMessage="No tax class: add one under Tax rates"
      description={field.help ?? 'Which tax rates apply: the classes come from Tax rates'}
    />
  );
}
