import { Button, FileButton, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, request } from '../../../api/client';
import { downloadBlob } from '../../../kit/csv';
import { downloadCsv } from '../../../kit/list-export';

/**
 * The catalogue as a spreadsheet: one row per variation (SKU, price and stock in the currency's
 * units); the same sheet, edited, updates prices and stock by SKU (all rows checked first).
 */
export function CatalogueCsvActions() {
  const client = useQueryClient();
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);

  async function exportSheet() {
    setBusy('export');
    try {
      const { blob, name } = await downloadCsv('/api/v1/commerce/catalogue/export.csv', () => {});
      downloadBlob(name ?? 'Catalogue.csv', blob);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not exported', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setBusy(null);
    }
  }

  async function importSheet(file: File | null) {
    if (!file) return;
    setBusy('import');
    try {
      const result = await request<{ data: { rows: number; updated: number } }>('POST', '/api/v1/commerce/catalogue/import', {
        body: { csv: await file.text() },
      });
      notifications.show({ color: 'teal', message: `${result.data.updated} of ${result.data.rows} variations updated` });
      await client.invalidateQueries({ queryKey: ['resource', 'commerce/products'] });
    } catch (err) {
      const fields = err instanceof ApiError && err.fields ? Object.values(err.fields).slice(0, 5).join('\n') : '';
      notifications.show({
        color: 'red',
        title: 'Nothing was changed',
        message: fields || (err instanceof ApiError ? err.message : 'Try again'),
        autoClose: false,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy === 'export'} onClick={exportSheet}>
        Export prices and stock
      </Button>
      <FileButton onChange={importSheet} accept=".csv,text/csv">
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} loading={busy === 'import'}>
            Update from CSV
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
