import { Select, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { WidgetProps } from '../../kit/field-input';
import { listRecords, useRecord } from '../../kit/resource-api';

const options = (rows: { id: string; name?: unknown }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: r.id, label: String(r.name ?? r.id) }));

/** Countries (all active ones; the masters are short). */
export function useCountries() {
  return useQuery({
    queryKey: ['resource', 'site/countries', 'options', 'all'],
    staleTime: 60_000,
    queryFn: () => listRecords('site/countries', { limit: 200, sort: 'name', withTotal: 'false' }),
  });
}

/** States of one country. */
export function useStatesOf(countryId: string | null) {
  return useQuery({
    queryKey: ['resource', 'site/states', 'options', 'country', countryId],
    enabled: Boolean(countryId),
    staleTime: 60_000,
    queryFn: () => listRecords('site/states', { countryId: countryId!, limit: 200, sort: 'name', withTotal: 'false' }),
  });
}

/**
 * The city form's state: pick the country first, then one of its states (the list is filtered by the
 * chosen country). A city being edited starts from its state's country.
 */
export function CountryStateWidget({ field, input, mode, disabled }: WidgetProps) {
  const stateId: string | null = input.value || null;
  const current = useRecord('site/states', stateId);
  const [countryId, setCountryId] = useState<string | null>(null);
  const currentCountry = (current.data?.countryId as string | undefined) ?? null;
  useEffect(() => {
    if (currentCountry) setCountryId(currentCountry);
  }, [currentCountry]);
  const countries = useCountries();
  const states = useStatesOf(countryId);
  const stateOptions = options(states.data?.data);
  if (stateId && current.data && !stateOptions.some((o) => o.value === stateId))
    stateOptions.push({ value: stateId, label: String(current.data.name ?? stateId) });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label="Country"
        description="Choose the country to list its states"
        placeholder="Choose a country"
        searchable
        clearable
        disabled={disabled}
        data={options(countries.data?.data)}
        value={countryId}
        onChange={(id) => {
          setCountryId(id);
          if (id !== countryId) input.onChange(null);
        }}
        nothingFoundMessage="No countries"
      />
      <Select
        label={field.label}
        description={field.help}
        placeholder={countryId ? 'Choose a state' : 'Choose a country first'}
        searchable
        clearable={!field.required}
        required={field.required && mode === 'create'}
        disabled={disabled || !countryId}
        data={stateOptions}
        value={stateId}
        onChange={(id) => input.onChange(id)}
        onBlur={input.onBlur}
        error={input.error}
        nothingFoundMessage={states.isFetching ? 'Loading…' : 'No states in this country'}
        name={field.key}
      />
    </SimpleGrid>
  );
}
