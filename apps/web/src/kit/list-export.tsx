import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, serializeQuery, toApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { getToken } from '../lib/session';
import { downloadBlob } from './csv';

/** "Products 2026-11-23.csv": named after what people call the list, not its API path (the server sends the same). */
export function exportFileName(meta: ResourceMeta, date = new Date()): string {
  return `${meta.label.plural} ${date.toISOString().slice(0, 10)}.csv`;
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function dispositionName(header: string | null): string | null {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? null;
}

/**
 * Downloads a CSV the server streams (GET with the session token), reporting the bytes and rows
 * received so far. Rows are counted by line ends, so a cell with a line break counts twice: the
 * figure is shown as "about".
 */
export async function downloadCsv(
  url: string,
  onProgress: (rows: number, total: number | null) => void,
): Promise<{ blob: Blob; name: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${getToken() ?? ''}` } });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  const totalHeader = response.headers.get('x-total-count');
  const total = totalHeader ? Number(totalHeader) : null;
  const chunks: Uint8Array[] = [];
  let lines = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      for (const byte of value) if (byte === 10) lines++;
      onProgress(Math.max(0, lines - 1), total);
    }
  }
  const blob = reader ? new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }) : await response.blob();
  return { blob, name: dispositionName(response.headers.get('content-disposition')) };
}

/**
 * Exports every field of the whole filtered set (not only the page or the columns in view) from the
 * server's export.csv, with the rows received so far in a notification.
 */
export function ExportButton({ meta, query, disabled }: { meta: ResourceMeta; query: Record<string, unknown>; disabled?: boolean }) {
  const [exporting, setExporting] = useState(false);
  async function run() {
    setExporting(true);
    const progress = notifications.show({ loading: true, autoClose: false, message: 'Exporting…' });
    try {
      const { offset: _o, limit: _l, cursor: _c, ...filters } = query;
      const url = `/api/v1/${meta.path}/export.csv?${serializeQuery(filters)}`;
      const { blob, name } = await downloadCsv(url, (rows, total) =>
        notifications.update({
          id: progress,
          loading: true,
          autoClose: false,
          message: total
            ? `Exporting… about ${rows.toLocaleString('en')} of ${total.toLocaleString('en')} rows`
            : `Exporting… ${rows.toLocaleString('en')} rows`,
        }),
      );
      downloadBlob(name ?? exportFileName(meta), blob);
      notifications.update({ id: progress, loading: false, autoClose: 4000, message: 'Export ready' });
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
