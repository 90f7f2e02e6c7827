import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { type Row, useRecordMutations } from '../../../kit/resource-api';

/**
 * Saving the record a drawer editor shows (null: a new one), with the notices people see; a refused
 * save's field errors land in `errors`. `noun` names it: "segment", "audience". (The kit's drawer
 * deletes it, with its undo.)
 */
export function useDrawerEditor(path: string, row: Row | null, close: () => void, noun: string) {
  const { create, update } = useRecordMutations(path);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);

  /** Saves `body`; a new record also gets `onCreate` (what cannot change afterwards). */
  async function save(body: Record<string, unknown>, onCreate: Record<string, unknown> = {}) {
    try {
      if (row) await update.mutateAsync({ id: row.id, body });
      else await create.mutateAsync({ ...body, ...onCreate });
      notifications.show({ color: 'teal', message: row ? `${Noun} saved` : `${Noun} created` });
      close();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields ?? { name: err.message });
      else notifications.show({ color: 'red', message: 'Not saved: try again' });
    }
  }

  return { errors, save, close, editing: row != null, saving: create.isPending || update.isPending };
}

type DrawerEditor = ReturnType<typeof useDrawerEditor>;

/** Save (or Create) and Cancel. */
export function DrawerEditorButtons({ noun, editor, onSave }: { noun: string; editor: DrawerEditor; onSave: () => void }) {
  return (
    <Group>
      <Button onClick={onSave} loading={editor.saving}>
        {editor.editing ? `Save ${noun}` : `Create ${noun}`}
      </Button>
      <Button variant="default" onClick={editor.close}>
        Cancel
      </Button>
    </Group>
  );
}

interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
}

/** The record's name (required). */
export function NameField({ value, onChange, error, disabled }: TextFieldProps) {
  return (
    <TextInput label="Name" required value={value} error={error} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}

/** The record's free-text description. */
export function DescriptionField({ value, onChange, disabled }: Omit<TextFieldProps, 'error'>) {
  return (
    <Textarea
      label="Description"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
      autosize
      minRows={2}
    />
  );
}
