import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

export interface ChoiceFieldProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** The choices, in order: a value and what the button says. */
  data: { value: T; label: string }[];
  size?: 'xs' | 'sm' | 'md';
}

/** A few exclusive choices as buttons, under a label that names them for assistive technology. */
export function ChoiceField<T extends string>({ label, value, onChange, data, size }: ChoiceFieldProps<T>) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} size={size} value={value} onChange={(v) => onChange(v as T)} data={data} />
    </Stack>
  );
}
