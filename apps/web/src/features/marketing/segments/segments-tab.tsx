import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import type { ResourceMeta } from '../../../api/get-resources-meta';
import { type Row, useRecordList, useRecordMutations } from '../../../kit/resource-api';
import { ListWithEditor } from './list-with-editor';
import { LiveCount } from './live-count';
import { completeTree, RuleBuilder } from './rule-builder';
import type { RuleTree } from './segments-api';
import { StaticMembers } from './static-members';

const PATH = 'marketing/segments';
const EMPTY: RuleTree = { op: 'and', rules: [] };

function SegmentEditor({ row, meta, close }: { row: Row | null; meta: ResourceMeta; close: () => void }) {
  const { create, update, remove } = useRecordMutations(PATH);
  const types = useRecordList('marketing/segment-types', { limit: 100, sort: 'name' });
  const [name, setName] = useState(String(row?.name ?? ''));
  const [description, setDescription] = useState(String(row?.description ?? ''));
  const [typeId, setTypeId] = useState<string | null>((row?.typeId as string | null) ?? null);
  const [kind, setKind] = useState<'dynamic' | 'static'>((row?.kind as 'dynamic' | 'static') ?? 'dynamic');
  const [rules, setRules] = useState<RuleTree>((row?.rules as RuleTree | null) ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canWrite = meta.permissions.write;

  async function save() {
    const body: Record<string, unknown> = { name, description, typeId };
    if (kind === 'dynamic') body.rules = completeTree(rules);
    try {
      if (row) await update.mutateAsync({ id: row.id, body });
      else await create.mutateAsync({ ...body, kind });
      notifications.show({ color: 'teal', message: row ? 'Segment saved' : 'Segment created' });
      close();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields ?? { name: err.message });
      else notifications.show({ color: 'red', message: 'Not saved: try again' });
    }
  }

  async function doDelete() {
    if (!row) return;
    try {
      await remove.mutateAsync(row.id);
      notifications.show({ color: 'teal', message: 'Segment deleted' });
      close();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not deleted', message: err instanceof ApiError ? err.message : 'Try again' });
    }
  }

  return (
    <Stack>
      <TextInput
        label="Name"
        required
        value={name}
        error={errors.name}
        disabled={!canWrite}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Select
        label="Type"
        clearable
        data={(types.data?.data ?? []).map((t) => ({ value: t.id, label: String(t.name) }))}
        value={typeId}
        error={errors.typeId}
        disabled={!canWrite}
        onChange={setTypeId}
      />
      <Textarea
        label="Description"
        value={description}
        disabled={!canWrite}
        onChange={(e) => setDescription(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      {row ? (
        <Group gap="xs">
          <Text size="sm">Kind</Text>
          <Badge variant="light">{kind === 'dynamic' ? 'Dynamic (rules)' : 'Static (members)'}</Badge>
        </Group>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="segment-kind">
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby="segment-kind"
            value={kind}
            onChange={(v) => setKind(v as 'dynamic' | 'static')}
            data={[
              { value: 'dynamic', label: 'Dynamic: from rules' },
              { value: 'static', label: 'Static: chosen contacts' },
            ]}
          />
        </Stack>
      )}
      {kind === 'dynamic' && (
        <>
          <Title order={3} size="h5">
            Rules
          </Title>
          <RuleBuilder value={rules} onChange={setRules} />
          {errors.rules && (
            <Alert color="red" variant="light" role="alert">
              {errors.rules}
            </Alert>
          )}
          <LiveCount rules={rules} />
        </>
      )}
      {canWrite && (
        <Group>
          <Button onClick={save} loading={create.isPending || update.isPending}>
            {row ? 'Save segment' : 'Create segment'}
          </Button>
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          {row && (
            <Button variant="subtle" color="red" ml="auto" onClick={doDelete} loading={remove.isPending}>
              Delete segment
            </Button>
          )}
        </Group>
      )}
      {row && kind === 'static' && (
        <>
          <Title order={3} size="h5">
            Members
          </Title>
          <StaticMembers segmentId={row.id} canWrite={canWrite} />
        </>
      )}
    </Stack>
  );
}

/** Segments: the list (search, kind and type filters) and the editor with its rule builder and live count. */
export function SegmentsTab() {
  return (
    <ListWithEditor
      path={PATH}
      param="segment"
      singular="segment"
      plural="segments"
      size="xl"
      editor={(row, meta, close) => <SegmentEditor row={row} meta={meta} close={close} />}
    />
  );
}
