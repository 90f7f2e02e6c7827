import { Alert, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import type { ListView, RecordViewProps } from '../../../kit/list-view';
import { useRecordList } from '../../../kit/resource-api';
import { DescriptionField, DrawerEditorButtons, NameField, useDrawerEditor } from './drawer-editor';
import { type Channel, formatCount, previewAudienceCount } from './segments-api';
import { countCells } from './stored-count';

const PATH = 'marketing/audiences';
const CHANNELS = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'push', label: 'Push' },
];

/** The audience's reach as it is edited: opted in on the channel and not suppressed. */
function AudienceCount({ channel, include, exclude }: { channel: Channel; include: string[]; exclude: string[] }) {
  const [body] = useDebouncedValue(JSON.stringify({ channel, includeSegmentIds: include, excludeSegmentIds: exclude }), 300);
  const count = useQuery({
    queryKey: ['marketing', 'audience-preview', body],
    queryFn: () => previewAudienceCount(JSON.parse(body)),
    placeholderData: keepPreviousData,
  });
  return (
    <Paper withBorder p="sm">
      <Text fw={600} aria-live="polite" data-testid="audience-count">
        {count.data ? `${formatCount(count.data)} contacts reachable` : 'Counting…'}
      </Text>
      <Text size="sm" c="dimmed">
        Opted in on {CHANNELS.find((c) => c.value === channel)?.label}, with an address, and not on its suppression list.
      </Text>
      {count.isError && (
        <Alert color="red" variant="light" role="alert" mt="xs">
          {count.error instanceof ApiError ? count.error.message : 'The count could not be made.'}
        </Alert>
      )}
    </Paper>
  );
}

/** An audience's editor, saved (`row`) or new. */
function AudienceEditor({ row, meta, close }: Omit<RecordViewProps, 'row'> & { row?: RecordViewProps['row'] }) {
  const editor = useDrawerEditor(PATH, row ?? null, close, 'audience');
  const { errors } = editor;
  const segments = useRecordList('marketing/segments', { limit: 200, sort: 'name' });
  const [name, setName] = useState(String(row?.name ?? ''));
  const [description, setDescription] = useState(String(row?.description ?? ''));
  const [channel, setChannel] = useState<Channel>((row?.channel as Channel) ?? 'email');
  const [include, setInclude] = useState<string[]>((row?.includeSegmentIds as string[]) ?? []);
  const [exclude, setExclude] = useState<string[]>((row?.excludeSegmentIds as string[]) ?? []);
  const options = (segments.data?.data ?? []).map((s) => ({ value: s.id, label: String(s.name) }));
  const canWrite = meta.permissions.write;

  const save = () => editor.save({ name, description, channel, includeSegmentIds: include, excludeSegmentIds: exclude });

  return (
    <Stack>
      <NameField value={name} onChange={setName} error={errors.name} disabled={!canWrite} />
      <Select
        label="Channel"
        data={CHANNELS}
        value={channel}
        allowDeselect={false}
        disabled={!canWrite}
        onChange={(v) => v && setChannel(v as Channel)}
      />
      <MultiSelect
        label="Included segments"
        description="Contacts in any of these (every contact when none is chosen)"
        data={options}
        value={include}
        error={errors.includeSegmentIds}
        searchable
        disabled={!canWrite}
        onChange={setInclude}
      />
      <MultiSelect
        label="Excluded segments"
        description="Contacts in any of these are left out"
        data={options}
        value={exclude}
        error={errors.excludeSegmentIds}
        searchable
        disabled={!canWrite}
        onChange={setExclude}
      />
      <DescriptionField value={description} onChange={setDescription} disabled={!canWrite} />
      <AudienceCount channel={channel} include={include} exclude={exclude} />
      {canWrite && <DrawerEditorButtons noun="audience" editor={editor} onSave={save} />}
    </Stack>
  );
}

/** Audiences: the kit's list with each one's sendable count; the editor (segments in and out, channel, live count). */
export default { cells: countCells, record: AudienceEditor, create: AudienceEditor } satisfies ListView;
