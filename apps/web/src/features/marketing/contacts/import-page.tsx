import { Alert, Button, FileInput, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { type ImportChoice, type ImportPreview, previewImport, startImport, useImportJob } from '../../../kit/import-api';
import { ImportMapping, ImportPreviewRows } from '../../../kit/import-preview';
import { ImportProgress } from '../../../kit/import-progress';
import { CHANNELS } from './paths';

const PATH = 'marketing/contacts';
type Decision = '' | 'opted_in' | 'opted_out';

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? [err.message, ...Object.values(err.fields ?? {})].join(': ') : fallback;

/**
 * Import contacts from CSV or XLSX: map the columns (checked on the first rows), choose what happens
 * to contacts already there (matched by email, then phone), tags to add and consent to record, then
 * run it as a job with a progress bar; refused rows download as CSV.
 */
export function ContactsImport({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportChoice['mapping']>();
  const [existing, setExisting] = useState<'update' | 'skip'>('update');
  const [addTags, setAddTags] = useState<string[]>([]);
  const [consent, setConsent] = useState<Record<string, Decision>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(PATH, jobId);
  const j = job.data;
  const finished = j && (j.status === 'done' || j.status === 'failed');

  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: ['resource', PATH] });
  }, [finished, client]);

  /** A file picked is sent (and stored); a new mapping is checked against the stored upload. */
  async function check(next: File | null, choice: ImportChoice = {}) {
    const upload = next === file && preview ? preview.upload : null;
    setFile(next);
    setPreview(null);
    setError(null);
    if (!next) return;
    setBusy(true);
    try {
      const p = await previewImport(PATH, upload ? { upload } : next, choice);
      setPreview(p);
      setMapping(p.mapping);
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
      const chosen = Object.fromEntries(Object.entries(consent).filter(([, v]) => v));
      const started = await startImport(PATH, { upload: preview.upload }, { mapping, options: { existing, addTags, consent: chosen } });
      setJobId(started.id);
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

  return (
    <>
      <Text size="sm" mb="sm">
        From a CSV or XLSX file (first sheet). Rows are matched to contacts by email, then by phone; invalid rows are reported and the
        others imported.
      </Text>
      <Stack maw={1100}>
        {!jobId && (
          <>
            <FileInput
              label="CSV or XLSX file"
              description="Up to 100,000 rows. Columns are matched to fields by name; you can change the mapping below."
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
                <ImportMapping preview={preview} onChange={(choice) => check(file, { mapping: choice.mapping })} />
                <ImportPreviewRows preview={preview} />
                <Paper withBorder p="md">
                  <Stack>
                    <Title order={2} size="h5">
                      Merge rules
                    </Title>
                    <Stack gap={4}>
                      <Text size="sm" fw={500} id="existing-label">
                        Contacts already here (same email, or same phone)
                      </Text>
                      <SegmentedControl
                        aria-labelledby="existing-label"
                        value={existing}
                        onChange={(v) => setExisting(v as 'update' | 'skip')}
                        data={[
                          { value: 'update', label: 'Update them (the file’s values win)' },
                          { value: 'skip', label: 'Leave them as they are' },
                        ]}
                      />
                    </Stack>
                    <TagsInput
                      label="Tags to add to every imported contact"
                      placeholder="e.g. trade show 2026"
                      value={addTags}
                      onChange={setAddTags}
                      maxTags={20}
                    />
                    <SimpleGrid cols={{ base: 2, sm: 4 }}>
                      {CHANNELS.map((c) => (
                        <Select
                          key={c.key}
                          label={`${c.label} consent`}
                          value={consent[c.key] ?? ''}
                          onChange={(v) => setConsent({ ...consent, [c.key]: (v ?? '') as Decision })}
                          data={[
                            { value: '', label: 'Leave as it is' },
                            { value: 'opted_in', label: 'Opted in' },
                            { value: 'opted_out', label: 'Opted out' },
                          ]}
                          allowDeselect={false}
                        />
                      ))}
                    </SimpleGrid>
                    <Text size="xs" c="dimmed">
                      Consent is recorded per contact with the source “import”. Addresses on the suppression list are never opted in by an
                      import.
                    </Text>
                  </Stack>
                </Paper>
                <Group justify="flex-end">
                  <Button variant="default" onClick={onDone}>
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
            path={PATH}
            jobId={jobId}
            errorsName="Contacts import errors.csv"
            actions={
              <>
                <Button variant="default" onClick={restart}>
                  Import another file
                </Button>
                <Button onClick={onDone}>See contacts</Button>
              </>
            }
          />
        )}
      </Stack>
    </>
  );
}
