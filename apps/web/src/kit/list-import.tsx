import { ActionIcon, Alert, Button, FileInput, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { type ImportChoice, type ImportPreview, previewImport, startImport, useImportJob } from './import-api';
import { ImportMapping, ImportPreviewRows } from './import-preview';
import { ImportProgress } from './import-progress';

/**
 * "Import CSV": pick a file, check the column mapping and the first rows, then run the import as a
 * job with a progress bar; refused rows can be downloaded as CSV, fixed and imported again.
 */
export function ImportButton({ meta }: { meta: ResourceMeta }) {
  const [open, setOpen] = useState(false);
  if (!meta.permissions.write || (!meta.operations.create && !meta.operations.update)) return null;
  return (
    <>
      <Tooltip label="Import CSV">
        <ActionIcon variant="default" size="lg" aria-label="Import CSV" onClick={() => setOpen(true)}>
          <IconUpload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {open && <ImportDialog meta={meta} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ meta, onClose }: { meta: ResourceMeta; onClose: () => void }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(meta.path, jobId);
  const finished = job.data && (job.data.status === 'done' || job.data.status === 'failed');

  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: ['resource', meta.path] });
  }, [finished, client, meta.path]);

  /** A file picked is sent (and stored); a new mapping is checked against the stored upload. */
  async function check(next: File | null, choice: ImportChoice = {}) {
    const upload = next === file && preview ? preview.upload : null;
    setFile(next);
    setPreview(null);
    setError(null);
    if (!next) return;
    setBusy(true);
    try {
      setPreview(await previewImport(meta.path, upload ? { upload } : next, choice));
    } catch (err) {
      setError(err instanceof ApiError ? [err.message, ...Object.values(err.fields ?? {})].join(': ') : 'The file could not be read');
    } finally {
      setBusy(false);
    }
  }

  async function run() {
    if (!file || !preview) return;
    setBusy(true);
    try {
      setJobId((await startImport(meta.path, { upload: preview.upload }, { mapping: preview.mapping, key: preview.key ?? '' })).id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The import could not start');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Import ${meta.label.plural.toLowerCase()}`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        {!jobId && (
          <>
            <FileInput
              label="CSV file"
              description={`A CSV file or an XLSX workbook (its first sheet). Columns are matched to fields by name; an export of ${meta.label.plural.toLowerCase()} can be edited and imported back.`}
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => check(f)}
              clearable
            />
            {busy && !preview && <Text size="sm">Reading the file…</Text>}
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            {preview && (
              <>
                <ImportMapping preview={preview} onChange={(choice) => check(file, choice)} />
                <ImportPreviewRows preview={preview} />
                <Group justify="flex-end">
                  <Button variant="default" onClick={onClose}>
                    Cancel
                  </Button>
                  <Button onClick={run} loading={busy} disabled={Object.keys(preview.mapping).length === 0}>
                    Import {preview.totalRows.toLocaleString('en')} rows
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
        {jobId && (
          <ImportProgress
            path={meta.path}
            jobId={jobId}
            errorsName={`${meta.label.plural} import errors.csv`}
            actions={<Button onClick={onClose}>Done</Button>}
          />
        )}
      </Stack>
    </Modal>
  );
}
