import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { type ImportChoice, type ImportPreview, previewImport, startImport, useImportJob } from './import-api';
import { ImportMapping, ImportPreviewRows } from './import-preview';
import { ImportProgress } from './import-progress';

export interface ImportFlowProps {
  /** The list's API path (`site/products`): its `/import` previews and runs the file. */
  path: string;
  fileLabel: string;
  fileDescription: string;
  /** The name of the CSV of refused rows. */
  errorsName: string;
  /**
   * Whether the chosen "Find existing records by" field is sent; false where the list finds
   * existing records its own way (contacts: by email, then phone).
   */
  keyed?: boolean;
  /** The list's own import choices: shown under the checked rows, sent with the run. */
  options?: { form: ReactNode; value: Record<string, unknown> };
  onCancel: () => void;
  /** The buttons under the finished job; `restart` goes back to choosing a file. */
  doneActions: (restart: () => void) => ReactNode;
}

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? [err.message, ...Object.values(err.fields ?? {})].join(': ') : fallback;

/**
 * An import, step by step: pick a CSV or XLSX file, check the column mapping and the first rows as
 * they would be imported, then run it as a job with a progress bar; refused rows download as CSV.
 * The list is refreshed once the job ends.
 */
export function ImportFlow({
  path,
  fileLabel,
  fileDescription,
  errorsName,
  keyed = true,
  options,
  onCancel,
  doneActions,
}: ImportFlowProps) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(path, jobId);
  const finished = job.data && (job.data.status === 'done' || job.data.status === 'failed');

  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: ['resource', path] });
  }, [finished, client, path]);

  /** A file picked is sent (and stored by the server); another mapping is checked against that upload. */
  async function check(next: File | null, choice: ImportChoice = {}) {
    const upload = next === file && preview ? preview.upload : null;
    setFile(next);
    setPreview(null);
    setError(null);
    if (!next) return;
    setBusy(true);
    try {
      setPreview(await previewImport(path, upload ? { upload } : next, choice));
    } catch (err) {
      setError(errorText(err, 'The file could not be read'));
    } finally {
      setBusy(false);
    }
  }

  async function run() {
    if (!file || !preview) return;
    setBusy(true);
    setError(null);
    try {
      const key = keyed ? { key: preview.key ?? '' } : {};
      setJobId((await startImport(path, { upload: preview.upload }, { mapping: preview.mapping, ...key, options: options?.value })).id);
    } catch (err) {
      setError(errorText(err, 'The import could not start'));
    } finally {
      setBusy(false);
    }
  }

  function restart() {
    setJobId(null);
    setFile(null);
    setPreview(null);
  }

  if (jobId) return <ImportProgress path={path} jobId={jobId} errorsName={errorsName} actions={doneActions(restart)} />;
  return (
    <Stack>
      <FileInput
        label={fileLabel}
        description={fileDescription}
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
          <ImportMapping preview={preview} onChange={(choice) => check(file, keyed ? choice : { mapping: choice.mapping })} />
          <ImportPreviewRows preview={preview} />
          {options?.form}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={run} loading={busy} disabled={Object.keys(preview.mapping).length === 0}>
              Import {preview.totalRows.toLocaleString('en')} rows
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
