import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/**
 * The red bin icon that removes one item of a list being edited (a row, a block, a rule).
 * `label` is its accessible name, which says what goes: "Remove block 2", "Remove ana@example.com".
 */
export function RemoveButton({
  label,
  onClick,
  ...props
}: { label: string; onClick: () => void } & Omit<ActionIconProps, 'children' | 'variant' | 'color'>) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} {...props}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}
