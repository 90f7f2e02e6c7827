import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { downloadBlob } from './csv';
import { useImportJob } from './import-api';
import { downloadCsv } from './list-export';

export interface ImportProgressProps {
  /** The resource imported into (e.g. marketing/contacts) and the running job. */
  path: string;
  jobId: string;
  /** The file name of the refused rows' CSV. */
  errorsName: string;
  /** The buttons shown once the job is over (Done, Import another file…). */
  actions: ReactNode;
}

/**
 * A running import as people follow it: a progress bar, what was added, updated, left unchanged or
 * refused, the refused rows as a CSV, then the caller's actions. Polls the job until it ends.
 */
export function ImportProgress({ path, jobId, errorsName, actions }: ImportProgressProps) {
  const j = useImportJob(path, jobId).data;
  const finished = j && (j.status === 'done' || j.status === 'failed');
  async function downloadErrors() {
    const { blob, name } = await downloadCsv(`/api/v1/${path}/import/${jobId}/errors.csv`, () => {});
    downloadBlob(name ?? errorsName, blob);
  }
  return (
    <Stack gap="xs" data-testid="import-progress">
      <Progress
        value={j && j.totalRows > 0 ? (100 * j.processed) / j.totalRows : 0}
        animated={!finished}
        size="lg"
        aria-label="Import progress"
      />
      <Text size="sm" role="status">
        {!j || j.status === 'queued'
          ? 'Waiting to start…'
          : `${j.processed.toLocaleString('en')} of ${j.totalRows.toLocaleString('en')} rows: ${j.created} added, ${j.updated} updated, ${j.unchanged} unchanged, ${j.failed} refused`}
      </Text>
      {j?.status === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {j.message ?? 'The import stopped'}
        </Alert>
      )}
      {j && finished && (
        <Group justify="flex-end">
          {j.failed > 0 && (
            <Button variant="light" color="red" onClick={downloadErrors}>
              Download refused rows
            </Button>
          )}
          {actions}
        </Group>
      )}
    </Stack>
  );
}
