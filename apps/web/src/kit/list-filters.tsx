import { Badge, Button, CloseButton, Group, Loader, Popover, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { ResourceMeta } from '../api/get-resources-meta';
import { codeName, isCodeKind } from './codes';
import { outputFields } from './schema';

// The controls (date ranges, pickers) load when the filters open, not with the list.
const FilterControl = lazy(() => import('./list-filter-control'));

export interface ListFiltersProps {
  meta: ResourceMeta;
  values: Record<string, string[]>;
  onChange: (values: Record<string, string[]>) => void;
  /** Filters the screen fixes (not offered). */
  fixed?: string[];
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
            <Suspense fallback={<Loader size="sm" aria-label="Loading the filters" />}>
              {fields.map((f) => (
                <FilterControl key={f.key} field={f} values={values} set={set} />
              ))}
            </Suspense>
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
