import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDots, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { ConfirmDialog } from './confirm-dialog';
import { type Row, useRecordMutations } from './resource-api';
import { showUndo } from './undo';

/**
 * What a copy of a record starts with, for the create form (never saved as is): its input fields,
 * titled "… (copy)" (a unique title such as a coupon's code gets "-copy": codes take no spaces), back
 * to draft where there is a status; other fields no two records may share (`ui.unique`: a slug, an
 * email) are left empty for the person to fill.
 */
export function duplicateBody(meta: ResourceMeta, row: Row): Record<string, unknown> {
  const input = new Set(Object.keys(meta.input.properties ?? {}));
  const unique = new Set([...(meta.ui.unique ?? []), 'slug']);
  const title = meta.ui.title;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (input.has(key) && value !== null && (!unique.has(key) || key === title)) body[key] = value;
  }
  if (typeof body[title] === 'string') body[title] = unique.has(title) ? `${body[title]}-copy` : `${body[title]} (copy)`;
  const status = meta.ui.status?.field;
  if (status && meta.ui.fields[status]?.options?.some((o) => o.value === 'draft')) body[status] = 'draft';
  return body;
}

export interface RowActionsProps {
  meta: ResourceMeta;
  row: Row;
  title: string;
  onOpen?: (row: Row) => void;
  /** Opens the create form prefilled from the row (offered only when the screen has one). */
  onDuplicate?: (row: Row) => void;
}

/** The ⋯ menu of a row: open, duplicate, delete (each only when the resource and role allow it). */
export function RowActions({ meta, row, title, onOpen, onDuplicate }: RowActionsProps) {
  const { remove } = useRecordMutations(meta.path);
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // The menu is built on the first click: fifty rows of Mantine menus cost the list's first render dearly.
  const [armed, setArmed] = useState(false);
  const canWrite = meta.permissions.write;
  const canDuplicate = canWrite && meta.operations.create && Boolean(onDuplicate);
  const canDelete = canWrite && meta.operations.delete;
  if (!onOpen && !canDuplicate && !canDelete) return null;

  async function destroy() {
    try {
      await remove.mutateAsync(row.id);
      setConfirming(false);
      showUndo({ client, path: meta.path, ids: [row.id], action: 'delete', message: `“${title}” deleted` });
    } catch (err) {
      setConfirming(false);
      notifications.show({ color: 'red', title: 'Not deleted', message: err instanceof ApiError ? err.message : 'Try again' });
    }
  }

  const label = `Actions for ${title}`;
  if (!armed)
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        aria-haspopup="menu"
        onClick={(e) => {
          e.stopPropagation();
          setArmed(true);
        }}
      >
        <IconDots size={18} aria-hidden />
      </ActionIcon>
    );
  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={(e) => e.stopPropagation()}>
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
            <Menu.Item leftSection={<IconCopy size={14} aria-hidden />} onClick={() => onDuplicate?.(row)}>
              Duplicate
            </Menu.Item>
          )}
          {canDelete && (
            <Menu.Item leftSection={<IconTrash size={14} aria-hidden />} color="red" onClick={() => setConfirming(true)}>
              Delete
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {canDelete && (
        <ConfirmDialog
          opened={confirming}
          title={`Delete “${title}”?`}
          message={`The ${meta.label.singular.toLowerCase()} is removed; you can undo it for a few minutes.`}
          confirmLabel="Delete"
          loading={remove.isPending}
          onConfirm={destroy}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
