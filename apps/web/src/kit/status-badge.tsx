import { Badge } from '@mantine/core';
import { type FieldDef, optionLabel } from './schema';

export type StatusColor = 'green' | 'gray' | 'blue' | 'yellow' | 'red';

const BY_MEANING: [RegExp, StatusColor][] = [
  [/^(published|done|active|paid|shipped|delivered|approved|completed|sent|confirmed|open)$/, 'green'],
  [/^(new|scheduled|received|queued|invited)$/, 'blue'],
  [/^(in_progress|pending|review|in_review|processing|waiting|unconfirmed|partial)$/, 'yellow'],
  [/^(cancelled|canceled|failed|rejected|refunded|blocked|spam|bounced|overdue)$/, 'red'],
];

/** A status value's colour by what it means (done → green, waiting → yellow, failed → red, the rest gray), unless declared. */
export function statusColor(value: string | null | undefined, declared?: string): StatusColor {
  if (declared === 'green' || declared === 'gray' || declared === 'blue' || declared === 'yellow' || declared === 'red') return declared;
  const v = (value ?? '').toLowerCase();
  return BY_MEANING.find(([pattern]) => pattern.test(v))?.[1] ?? 'gray';
}

/** A status shown as a coloured badge with its label ("In progress"), never the stored value. */
export function StatusBadge({ value, label, color }: { value: string | null | undefined; label: string; color?: string }) {
  return (
    <Badge variant="light" tt="none" color={statusColor(value, color)}>
      {label}
    </Badge>
  );
}

/** A select field's value as its badge: the label and colour its resource declares. */
export function OptionBadge({ field, value }: { field: FieldDef | undefined; value: unknown }) {
  return <StatusBadge value={String(value)} label={optionLabel(field, value)} color={field?.optionLabels?.[String(value)]?.color} />;
}
