import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ApiError, request } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';

import { type FieldDef, inputFields } from './schema';
import { showUndo } from './undo';

// The inputs load when the dialog opens, not with the list.
const FieldInput = lazy(() => import('./field-input').then((m) => ({ default: m.FieldInput })));

const countOf = (meta: ResourceMeta, n: number) => `${n} ${n === 1 ? meta.label.singular.toLowerCase() : meta.label.plural.toLowerCase()}`;

/** PATCH /api/v1/<path> with { ids, patch }: all or nothing. */
export const bulkUpdateRecords = (path: string, ids: string[], patch: Record<string, unknown>) =>
  request<{ updated: number; ids: string[] }>('PATCH', `/api/v1/${path}`, { body: { ids, patch } });

/** The fields a list offers for bulk edit (meta ui.bulkEdit), as form fields. */
export function bulkEditFields(meta: ResourceMeta): FieldDef[] {
  const allowed = new Set(meta.ui.bulkEdit ?? []);
  return inputFields(meta)
    .filter((f) => allowed.has(f.key))
    .map((f) => ({ ...f, required: false }));
}

/** "Edit N": set one field (status, category, tags…) on the selected rows, in one call. */
export function BulkEdit({ meta, ids, onDone }: { meta: ResourceMeta; ids: string[]; onDone: () => void }) {
  const fields = bulkEditFields(meta);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [value, setValue] = useState<unknown>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const field = fields.find((f) => f.key === key);
  if (ids.length === 0 || fields.length === 0 || !meta.permissions.write || !meta.operations.update) return null;

  const start = () => {
    setKey(fields[0].key);
    setValue(emptyValue(fields[0]));
    setError(undefined);
    setOpen(true);
  };

  async function apply() {
    if (!field) return;
    setSaving(true);
    try {
      const result = await bulkUpdateRecords(meta.path, ids, { [field.key]: value });
      await client.invalidateQueries({ queryKey: ['resource', meta.path] });
      showUndo({
        client,
        path: meta.path,
        ids: result.ids,
        action: 'update',
        message: `${field.label} changed on ${countOf(meta, result.updated)}`,
      });
      setOpen(false);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields ?? {})[0] ?? err.message) : 'Try again');
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={start}>
        Edit {ids.length}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`Edit ${countOf(meta, ids.length)}`}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack>
          <Select
            label="Field"
            data={fields.map((f) => ({ value: f.key, label: f.label }))}
            value={key}
            allowDeselect={false}
            onChange={(k) => {
              setKey(k);
              setValue(emptyValue(fields.find((f) => f.key === k)));
              setError(undefined);
            }}
          />
          <Suspense fallback={null}>
            {field && <FieldInput key={field.key} field={field} mode="update" input={{ value, onChange: setValue, error }} />}
          </Suspense>
          <Text size="xs" c="dimmed">
            The new value replaces the current one on every selected {meta.label.singular.toLowerCase()}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={apply} loading={saving}>
              Apply to {ids.length}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function emptyValue(field: FieldDef | undefined): unknown {
  if (!field) return null;
  if (field.kind === 'switch') return false;
  if (field.kind === 'tags' || field.kind === 'multiselect' || field.schema.type === 'array') return [];
  return field.options?.[0] ?? null;
}
