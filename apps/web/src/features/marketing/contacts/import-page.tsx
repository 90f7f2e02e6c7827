import { Button, Paper, Select, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ChoiceField } from '../../../kit/choice-field';
import { ImportFlow } from '../../../kit/import-flow';
import { options } from '../../../kit/options';
import { CHANNELS } from './paths';

type Decision = '' | 'opted_in' | 'opted_out';
const DECISIONS = options<Decision>([
  ['', 'Leave as it is'],
  ['opted_in', 'Opted in'],
  ['opted_out', 'Opted out'],
]);
const EXISTING = options<'update' | 'skip'>([
  ['update', 'Update them (the file’s values win)'],
  ['skip', 'Leave them as they are'],
]);

/**
 * Import contacts from CSV or XLSX: map the columns (checked on the first rows), choose what happens
 * to contacts already there (matched by email, then phone), tags to add and consent to record, then
 * run it as a job with a progress bar; refused rows download as CSV.
 */
export function ContactsImport({ onDone }: { onDone: () => void }) {
  const [existing, setExisting] = useState<'update' | 'skip'>('update');
  const [addTags, setAddTags] = useState<string[]>([]);
  const [consent, setConsent] = useState<Record<string, Decision>>({});
  const mergeRules = (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h5">
          Merge rules
        </Title>
        <ChoiceField label="Contacts already here (same email, or same phone)" value={existing} onChange={setExisting} data={EXISTING} />
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
              data={DECISIONS}
              allowDeselect={false}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Consent is recorded per contact with the source “import”. Addresses on the suppression list are never opted in by an import.
        </Text>
      </Stack>
    </Paper>
  );
  const chosen = Object.fromEntries(Object.entries(consent).filter(([, v]) => v));

  return (
    <>
      <Text size="sm" mb="sm">
        From a CSV or XLSX file (first sheet). Rows are matched to contacts by email, then by phone; invalid rows are reported and the
        others imported.
      </Text>
      <Stack maw={1100}>
        <ImportFlow
          path="marketing/contacts"
          fileLabel="CSV or XLSX file"
          fileDescription="Up to 100,000 rows. Columns are matched to fields by name; you can change the mapping below."
          errorsName="Contacts import errors.csv"
          keyed={false}
          options={{ form: mergeRules, value: { existing, addTags, consent: chosen } }}
          onCancel={onDone}
          doneActions={(restart) => (
            <>
              <Button variant="default" onClick={restart}>
                Import another file
              </Button>
              <Button onClick={onDone}>See contacts</Button>
            </>
          )}
        />
      </Stack>
    </>
  );
}
