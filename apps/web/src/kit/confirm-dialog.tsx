import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What happens, in a sentence. */
  message?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
}

/**
 * A destructive action asked once more, in the console's own dialog (never the browser's confirm()).
 * Clicks inside stay inside: React passes a portal's events to its parents (a table row that opens on click).
 */
export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onCancel, loading }: ConfirmDialogProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      onClick={(e) => e.stopPropagation()}
    >
      {message && <Text size="sm">{message}</Text>}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
