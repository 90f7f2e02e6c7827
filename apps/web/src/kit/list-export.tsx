import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { downloadText, toCsv } from './csv';
import { listRecords, type Row } from './resource-api';

const EXPORT_MAX = 10_000;

/** "Products 2026-11-23.csv": named after what people call the list, not its API path. */
export function exportFileName(meta: ResourceMeta, date = new Date()): string {
  return `${meta.label.plural} ${date.toISOString().slice(0, 10)}.csv`;
}

/**
 * Exports the whole filtered set (paged by cursor, not only the page in view) with a running count
 * in a notification while large sets load.
 */
export function ExportButton({
  meta,
  query,
  columns,
  cellText,
  disabled,
}: {
  meta: ResourceMeta;
  query: Record<string, unknown>;
  columns: { key: string; label: string }[];
  cellText: (row: Row, key: string) => string;
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  async function run() {
    setExporting(true);
    const progress = notifications.show({ loading: true, autoClose: false, message: 'Exporting…' });
    try {
      const all: Row[] = [];
      let cursor: string | undefined;
      const { offset: _o, limit: _l, cursor: _c, ...filters } = query;
      do {
        const page = await listRecords(meta.path, { ...filters, limit: meta.list.maxLimit, withTotal: 'false', cursor });
        all.push(...page.data);
        cursor = page.nextCursor ?? undefined;
        notifications.update({
          id: progress,
          loading: true,
          autoClose: false,
          message: `Exporting… ${all.length.toLocaleString('en')} rows`,
        });
      } while (cursor && all.length < EXPORT_MAX);
      downloadText(
        exportFileName(meta),
        toCsv(
          columns.map((c) => c.label),
          all.map((row) => columns.map((c) => cellText(row, c.key))),
        ),
      );
      notifications.update({
        id: progress,
        loading: false,
        autoClose: 4000,
        message: `Exported ${all.length} ${all.length === 1 ? 'row' : 'rows'}`,
      });
    } catch (err) {
      notifications.update({
        id: progress,
        loading: false,
        autoClose: 6000,
        color: 'red',
        title: 'Export failed',
        message: err instanceof ApiError ? err.message : 'Try again',
      });
    } finally {
      setExporting(false);
    }
  }
  return (
    <Tooltip label="Export CSV">
      <ActionIcon variant="default" size="lg" aria-label="Export CSV" onClick={run} loading={exporting} disabled={disabled}>
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
