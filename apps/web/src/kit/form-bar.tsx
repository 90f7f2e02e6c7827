import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { statusColor } from './status-badge';

export interface FormBarProps {
  title: string;
  /** The status as people read it ("Draft") and as stored ("draft", for its colour). */
  status?: string;
  statusValue?: string;
  dirty: boolean;
  saving: boolean;
  onCancel: () => void;
}

/**
 * The editor's sticky header: the record's title and status stay in view while the form scrolls,
 * and Save/Cancel appear as soon as something changed (so nobody scrolls 2,000 px down to save).
 */
export function FormBar({ title, status, statusValue, dirty, saving, onCancel }: FormBarProps) {
  return (
    <Paper
      data-testid="form-bar"
      withBorder
      p="xs"
      radius="md"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 4px)', zIndex: 20 }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {title}
          </Text>
          {status && (
            <Badge variant="light" color={statusColor(statusValue)}>
              {status}
            </Badge>
          )}
        </Group>
        {dirty && (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              Unsaved changes
            </Text>
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button size="xs" type="submit" loading={saving} aria-keyshortcuts="Control+S Meta+S">
              Save
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
