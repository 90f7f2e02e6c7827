import { ActionIcon, Button, Group, Menu, ScrollArea, Text, TextInput, type TextInputProps, Tooltip } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useRef } from 'react';
import { useVariableOptions } from './templates-api';

/** The variables' picker: each variable with its label, tag and the example a preview shows. */
export function VariableMenu({
  onPick,
  label = 'Insert variable',
  compact = false,
}: {
  onPick: (name: string) => void;
  label?: string;
  compact?: boolean;
}) {
  const options = useVariableOptions();
  const target = compact ? (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label}>
        <IconBraces size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button variant="default" size="xs" leftSection={<IconBraces size={14} aria-hidden />}>
      {label}
    </Button>
  );
  return (
    <Menu shadow="md" width={300} position="bottom-end" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Variables</Menu.Label>
        {options.isPending && <Menu.Item disabled>Loading…</Menu.Item>}
        {options.isError && <Menu.Item disabled>The variables could not be loaded</Menu.Item>}
        <ScrollArea.Autosize mah={320}>
          {options.data?.map((v) => (
            <Menu.Item key={v.name} onClick={() => onPick(v.name)}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">{v.label}</Text>
                <Text size="xs" c="dimmed" ff="monospace">{`{{ ${v.name} }}`}</Text>
              </Group>
              <Text size="xs" c="dimmed" lineClamp={1}>
                e.g. {v.example}
              </Text>
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A one-line text input whose variables are inserted at the caret. */
export function TextWithVariables({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'onChange'> & { value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const insert = (name: string) => {
    const el = input.current;
    const at = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? at;
    onChange(`${value.slice(0, at)}{{ ${name} }}${value.slice(end)}`);
  };
  return (
    <TextInput
      ref={input}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={
        <VariableMenu compact onPick={insert} label={`Insert a variable in ${String(props.label ?? 'the text').toLowerCase()}`} />
      }
      rightSectionPointerEvents="all"
      {...props}
    />
  );
}
