import { ActionIcon, Checkbox, Menu, Tooltip } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { FieldDef } from './schema';

/** The column chooser: tick the fields to show; at least one stays. */
export function ColumnChooser({
  fields,
  visible,
  onChange,
  onReset,
}: {
  fields: FieldDef[];
  visible: string[];
  onChange: (columns: string[]) => void;
  onReset: () => void;
}) {
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Columns">
          <ActionIcon variant="default" size="lg" aria-label="Choose columns">
            <IconColumns size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Columns</Menu.Label>
        {fields.map((f) => (
          <Menu.Item key={f.key} p={6}>
            <Checkbox
              size="xs"
              label={f.label}
              checked={visible.includes(f.key)}
              onChange={() => {
                const next = visible.includes(f.key) ? visible.filter((k) => k !== f.key) : [...visible, f.key];
                if (next.length > 0) onChange(next);
              }}
            />
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onReset}>Reset columns</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
