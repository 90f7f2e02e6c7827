import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import type { ResourceMeta } from '../../../api/get-resources-meta';
import type { ListView, RecordViewProps } from '../../../kit/list-view';
import type { Row } from '../../../kit/resource-api';
import { ResourceForm } from '../../../kit/resource-form';
import { ResourceScreen } from '../../../kit/resource-screen';
import { outputFields } from '../../../kit/schema';
import { OptionBadge } from '../../../kit/status-badge';
import { submitWhatsappTemplate, syncWhatsappTemplates } from './channels-api';

const RESOURCE = 'marketing/whatsapp-templates';

const failed = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error instanceof ApiError ? error.message : 'Try again' });

/** A template's approval at the provider: its status, why it was rejected, and submit / refresh. */
function Approval({ row, meta }: { row: Row; meta: ResourceMeta }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['resource', RESOURCE] });
  const submit = useMutation({
    mutationFn: () => submitWhatsappTemplate(row.id),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Submitted for approval' });
      refresh();
    },
    onError: failed('Not submitted'),
  });
  const sync = useMutation({ mutationFn: () => syncWhatsappTemplates(row.id), onSuccess: refresh, onError: failed('Status not read') });
  const status = String(row.status);
  const statusField = outputFields(meta).find((f) => f.key === 'status');
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            Approval
          </Text>
          <OptionBadge field={statusField} value={status} />
          {row.syncedAt ? (
            <Text size="xs" c="dimmed">
              checked {new Date(String(row.syncedAt)).toLocaleString()}
            </Text>
          ) : null}
        </Group>
        {row.rejectionReason ? (
          <Alert color="red" variant="light">
            Rejected: {String(row.rejectionReason)}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() => submit.mutate()}
            loading={submit.isPending}
            disabled={status === 'pending' || status === 'approved'}
          >
            Submit for approval
          </Button>
          <Button size="xs" variant="default" onClick={() => sync.mutate()} loading={sync.isPending} disabled={!row.providerTemplateId}>
            Refresh status
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A saved template: its approval above its form. */
function TemplateRecord({ row, meta }: RecordViewProps) {
  const client = useQueryClient();
  return (
    <Stack>
      <Approval row={row} meta={meta} />
      <ResourceForm meta={meta} record={row} onSaved={() => client.invalidateQueries({ queryKey: ['resource', RESOURCE] })} />
    </Stack>
  );
}

const view: ListView = { record: TemplateRecord };

/** WhatsApp message templates: numbered variables mapped to merge variables, approval synced from the Cloud API. */
export default function WhatsappTemplatesPage() {
  const client = useQueryClient();
  const syncAll = useMutation({
    mutationFn: () => syncWhatsappTemplates(),
    onSuccess: (rows) => {
      notifications.show({ color: 'teal', message: `${rows.length} template${rows.length === 1 ? '' : 's'} checked with WhatsApp` });
      client.invalidateQueries({ queryKey: ['resource', RESOURCE] });
    },
    onError: failed('Statuses not read'),
  });
  return (
    <ResourceScreen
      resource={RESOURCE}
      title="WhatsApp templates"
      description="Category, language, header, body with numbered variables {{1}} mapped to merge variables, footer and buttons; submitted to WhatsApp for approval."
      actions={
        <Button variant="default" onClick={() => syncAll.mutate()} loading={syncAll.isPending}>
          Refresh approval statuses
        </Button>
      }
      view={view}
    />
  );
}
