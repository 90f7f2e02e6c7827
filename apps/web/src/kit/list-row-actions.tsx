import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDots, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { type Row, useRecordMutations } from './resource-api';

/**
 * The body that creates a copy of a record: its input fields only, titled "… (copy)", back to draft
 * where there is a status; fields the server fills (slug) are left out.
 */
export function duplicateBody(meta: ResourceMeta, row: Row): Record<string, unknown> {
  const input = new Set(Object.keys(meta.input.properties ?? {}));
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (input.has(key) && value !== null && key !== 'slug') body[key] = value;
  }
  const title = meta.ui.title;
  if (typeof body[title] === 'string') body[title] = `${body[title]} (copy)`;
  const status = meta.ui.status?.field;
  if (status && meta.ui.fields[status]?.options?.some((o) => o.value === 'draft')) body[status] = 'draft';
  return body;
}

/** Fields another record already uses (a 409's fields) get a "-copy" suffix, once. */
function retryBody(body: Record<string, unknown>, err: unknown): Record<string, unknown> | null {
  if (!(err instanceof ApiError) || err.status !== 409 || !err.fields) return null;
  const next = { ...body };
  for (const key of Object.keys(err.fields)) {
    if (typeof next[key] !== 'string') return null;
    next[key] = `${next[key]}-copy`;
  }
  return next;
}

export interface RowActionsProps {
  meta: ResourceMeta;
  row: Row;
  title: string;
  onOpen?: (row: Row) => void;
}

/** The ⋯ menu of a row: open, duplicate, delete (each only when the resource and role allow it). */
export function RowActions({ meta, row, title, onOpen }: RowActionsProps) {
  const { create, remove } = useRecordMutations(meta.path);
  const canWrite = meta.permissions.write;
  const canDuplicate = canWrite && meta.operations.create;
  const canDelete = canWrite && meta.operations.delete;
  if (!onOpen && !canDuplicate && !canDelete) return null;

  async function duplicate() {
    const body = duplicateBody(meta, row);
    try {
      const copy = await create.mutateAsync(body).catch((err) => {
        const again = retryBody(body, err);
        if (!again) throw err;
        return create.mutateAsync(again);
      });
      notifications.show({ color: 'teal', message: `Copy of “${title}” created` });
      onOpen?.(copy);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not duplicated', message: err instanceof ApiError ? err.message : 'Try again' });
    }
  }

  async function destroy() {
    if (!window.confirm(`Delete “${title}”? This cannot be undone.`)) return;
    try {
      await remove.mutateAsync(row.id);
      notifications.show({ color: 'teal', message: `“${title}” deleted` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not deleted', message: err instanceof ApiError ? err.message : 'Try again' });
    }
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${title}`} onClick={(e) => e.stopPropagation()}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        {onOpen && (
          <Menu.Item leftSection={<IconExternalLink size={14} aria-hidden />} onClick={() => onOpen(row)}>
            Open
          </Menu.Item>
        )}
        {canDuplicate && (
          <Menu.Item leftSection={<IconCopy size={14} aria-hidden />} onClick={duplicate}>
            Duplicate
          </Menu.Item>
        )}
        {canDelete && (
          <Menu.Item leftSection={<IconTrash size={14} aria-hidden />} color="red" onClick={destroy}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
