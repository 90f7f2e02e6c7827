import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory, IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, request } from '../api/client';
import type { ResourceMeta } from '../api/get-resources-meta';
import { useResourceCurrency } from './money-input';
import { ReadOnlyValue } from './read-only-fields';
import type { Row } from './resource-api';
import { displayText, type FieldDef, humanize, outputFields, recordCurrency } from './schema';

/** One entry of GET /api/v1/<path>/:id/revisions (from the audit log, newest first). */
export interface Revision {
  id: string;
  action: 'create' | 'update' | 'delete';
  actorName: string | null;
  createdAt: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

export const revisionsKey = (path: string, id: string) => ['resource', path, 'revisions', id];

const getRevisions = (path: string, id: string) =>
  request<{ data: Revision[] }>('GET', `/api/v1/${path}/${id}/revisions`).then((r) => r.data);

const restoreRevision = (path: string, id: string, revisionId: string) =>
  request<{ data: Row }>('POST', `/api/v1/${path}/${id}/revisions/${revisionId}/restore`).then((r) => r.data);

/**
 * A screen's own words for a change of a field its form does not show (a product's variations grid,
 * audited on the product): rendered instead of "before → after".
 */
export type HistoryDescriber = (change: Revision['changes'][number]) => React.ReactNode;

const VERBS: Record<Revision['action'], string> = { create: 'created it', update: 'changed', delete: 'deleted it' };
const MAX_TEXT = 80;

/** A value of the history as people read it: labels, titles of related records, short text. */
function ChangeValue({ field, value }: { field: FieldDef | undefined; value: unknown }) {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return (
      <Text span c="dimmed" size="sm">
        empty
      </Text>
    );
  }
  if (field && (field.kind === 'relation' || field.kind === 'relations')) {
    return (
      <Text span size="sm" component="span" style={{ display: 'inline-block' }}>
        <ReadOnlyValue field={field} value={value} />
      </Text>
    );
  }
  if (field?.kind === 'image')
    return (
      <Text span size="sm">
        an image
      </Text>
    );
  if (field?.kind === 'gallery' && Array.isArray(value)) {
    return (
      <Text span size="sm">
        {value.length === 1 ? '1 image' : `${value.length} images`}
      </Text>
    );
  }
  const text = displayText(field, value);
  const short = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
  return (
    <Text span size="sm" fw={500} title={text.length > MAX_TEXT ? text : undefined} style={{ wordBreak: 'break-word' }}>
      “{short}”
    </Text>
  );
}

function when(iso: string) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/**
 * Who changed what and when, from the audit log, with each change's field label and before → after;
 * a former version can be restored (confirmed first) through the API, which validates and audits it.
 */
export function RecordHistory({
  meta,
  record,
  canRestore,
  describe,
}: {
  meta: ResourceMeta;
  record: Row;
  canRestore: boolean;
  describe?: Record<string, HistoryDescriber>;
}) {
  const client = useQueryClient();
  const currency = recordCurrency(meta, record, useResourceCurrency(meta));
  const fields = useMemo(() => new Map(outputFields(meta, currency).map((f) => [f.key, f])), [meta, currency]);
  const revisions = useQuery({ queryKey: revisionsKey(meta.path, record.id), queryFn: () => getRevisions(meta.path, record.id) });
  const [confirm, setConfirm] = useState<Revision | null>(null);
  const restore = useMutation({
    mutationFn: (revision: Revision) => restoreRevision(meta.path, record.id, revision.id),
    onSuccess: async (row, revision) => {
      setConfirm(null);
      notifications.show({ color: 'teal', message: `Restored as it was on ${when(revision.createdAt)}` });
      client.setQueryData(['resource', meta.path, 'record', row.id], row);
      await client.invalidateQueries({ queryKey: ['resource', meta.path] });
    },
  });
  const title = String(record[meta.ui.title] ?? meta.label.singular);
  const labelOf = (key: string) => fields.get(key)?.label ?? humanize(key);

  return (
    <Paper withBorder p="sm" radius="md" mt="lg" component="section" aria-label="History" data-testid="record-history">
      <Group gap="xs" mb="sm">
        <IconHistory size={18} aria-hidden />
        <Text fw={600} size="sm" component="h3" m={0}>
          History
        </Text>
      </Group>
      {revisions.isPending ? (
        <Loader size="sm" aria-label="Loading the history" />
      ) : revisions.isError ? (
        <Alert color="red" variant="light" role="alert">
          {revisions.error instanceof ApiError ? revisions.error.message : 'The history could not be loaded.'}
        </Alert>
      ) : revisions.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {revisions.data.map((revision, index) => {
            const shown = revision.action === 'create' ? [] : revision.changes;
            return (
              <Timeline.Item
                key={revision.id}
                data-testid="revision"
                title={
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {revision.actorName ?? 'Someone'} {VERBS[revision.action]}
                      {revision.action === 'update' && shown.length > 0
                        ? ` ${shown.length === 1 ? labelOf(shown[0].field).toLowerCase() : `${shown.length} fields`}`
                        : ''}
                    </Text>
                    {index === 0 && (
                      <Badge size="xs" variant="light" color="gray">
                        Current version
                      </Badge>
                    )}
                  </Group>
                }
              >
                <Text size="xs" c="dimmed">
                  {when(revision.createdAt)}
                </Text>
                {shown.length > 0 && (
                  <Stack gap={2} mt={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {shown.map((change) => (
                      <Text key={change.field} size="sm" component="li">
                        <Text span size="sm" c="dimmed">
                          {labelOf(change.field)}:
                        </Text>{' '}
                        {describe?.[change.field] ? (
                          describe[change.field](change)
                        ) : (
                          <>
                            <ChangeValue field={fields.get(change.field)} value={change.before} /> →{' '}
                            <ChangeValue field={fields.get(change.field)} value={change.after} />
                          </>
                        )}
                      </Text>
                    ))}
                  </Stack>
                )}
                {canRestore && index > 0 && revision.action !== 'delete' && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    mt={4}
                    leftSection={<IconRestore size={14} aria-hidden />}
                    onClick={() => setConfirm(revision)}
                    aria-label={`Restore this version (${when(revision.createdAt)})`}
                  >
                    Restore this version
                  </Button>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => {
          setConfirm(null);
          restore.reset();
        }}
        title="Restore this version?"
        centered
      >
        {confirm && (
          <Stack gap="sm">
            <Text size="sm">
              {title} goes back to how it was on {when(confirm.createdAt)}. What changed since is undone; the current version stays in the
              history, so this can be undone too.
            </Text>
            {restore.isError && (
              <Alert color="red" variant="light" role="alert">
                {restore.error instanceof ApiError ? restore.error.message : 'Restoring failed. Try again.'}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirm(null)}>
                Keep the current version
              </Button>
              <Button
                loading={restore.isPending}
                onClick={() => restore.mutate(confirm)}
                leftSection={<IconRestore size={16} aria-hidden />}
              >
                Restore
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
