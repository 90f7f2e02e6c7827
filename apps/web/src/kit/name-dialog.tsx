import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

export interface NameDialogProps {
  opened: boolean;
  title: string;
  /** The name field's label. */
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (name: string) => void;
  error?: string | null;
  maxLength?: number;
  /** What the submit button says. */
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}

/** A dialog that asks for one name (of a new record, a saved view…), with Cancel and a submit button. */
export function NameDialog({
  opened,
  title,
  label,
  description,
  value,
  onChange,
  error,
  maxLength,
  submitLabel,
  busy,
  onSubmit,
  onClose,
}: NameDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          <TextInput
            label={label}
            description={description}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            error={error}
            maxLength={maxLength}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!value.trim()}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
