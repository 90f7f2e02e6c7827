import { Alert, Badge, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ListView, RecordViewProps } from '../../../kit/list-view';
import { useRecordList } from '../../../kit/resource-api';
import { DescriptionField, DrawerEditorButtons, NameField, useDrawerEditor } from './drawer-editor';
import { LiveCount } from './live-count';
import { completeTree, RuleBuilder } from './rule-builder';
import type { RuleTree } from './segments-api';
import { StaticMembers } from './static-members';
import { countCells } from './stored-count';

const PATH = 'marketing/segments';
const EMPTY: RuleTree = { op: 'and', rules: [] };

/** A segment's editor, saved (`row`) or new. */
function SegmentEditor({ row, meta, close }: Omit<RecordViewProps, 'row'> & { row?: RecordViewProps['row'] }) {
  const editor = useDrawerEditor(PATH, row ?? null, close, 'segment');
  const { errors } = editor;
  const types = useRecordList('marketing/segment-types', { limit: 100, sort: 'name' });
  const [name, setName] = useState(String(row?.name ?? ''));
  const [description, setDescription] = useState(String(row?.description ?? ''));
  const [typeId, setTypeId] = useState<string | null>((row?.typeId as string | null) ?? null);
  const [kind, setKind] = useState<'dynamic' | 'static'>((row?.kind as 'dynamic' | 'static') ?? 'dynamic');
  const [rules, setRules] = useState<RuleTree>((row?.rules as RuleTree | null) ?? EMPTY);
  const canWrite = meta.permissions.write;

  function save() {
    const body: Record<string, unknown> = { name, description, typeId };
    if (kind === 'dynamic') body.rules = completeTree(rules);
    return editor.save(body, { kind });
  }

  return (
    <Stack>
      <NameField value={name} onChange={setName} error={errors.name} disabled={!canWrite} />
      <Select
        label="Type"
        clearable
        data={(types.data?.data ?? []).map((t) => ({ value: t.id, label: String(t.name) }))}
        value={typeId}
        error={errors.typeId}
        disabled={!canWrite}
        onChange={setTypeId}
      />
      <DescriptionField value={description} onChange={setDescription} disabled={!canWrite} />
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
      {canWrite && <DrawerEditorButtons noun="segment" editor={editor} onSave={save} />}
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

/** Segments: the kit's list (search, kind and type filters) with each one's stored count; the editor with its rule builder and live count. */
export default { cells: countCells, record: SegmentEditor, create: SegmentEditor } satisfies ListView;
