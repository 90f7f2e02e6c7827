import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, request } from '../../api/client';
import type { ListView } from '../../kit/list-view';
import type { Row } from '../../kit/resource-api';
import { ResourceForm } from '../../kit/resource-form';
import { ResourceScreen } from '../../kit/resource-screen';

interface Converted {
  id: string;
  contactId: string;
  created: boolean;
}

/** "Convert to contact": the sender becomes (or is merged into) a marketing contact; the message keeps the link. */
function ConvertToContact({ row, canWrite }: { row: Row; canWrite: boolean }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const contactId = row.contactId ? String(row.contactId) : null;
  async function convert() {
    setBusy(true);
    try {
      const result = await request<{ data: Converted }>('POST', `/api/v1/contact-us/messages/${row.id}/convert`);
      notifications.show({
        color: 'teal',
        message: result.data.created ? `${row.name} is now a contact` : `${row.name} was merged into an existing contact`,
      });
      await client.invalidateQueries({ queryKey: ['resource', 'contact-us/messages'] });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not converted', message: err instanceof ApiError ? err.message : 'Try again' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Alert variant="light" color={contactId ? 'teal' : 'blue'} title={contactId ? 'Linked to a contact' : 'A lead'}>
      <Group justify="space-between" align="center">
        <Text size="sm">
          {contactId
            ? `The sender is a marketing contact (${String(row.email)}).`
            : 'Make the sender a marketing contact (merged by email or phone; consent stays unknown).'}
        </Text>
        {canWrite && (
          <Button size="xs" loading={busy} onClick={convert} variant={contactId ? 'default' : 'filled'}>
            {contactId ? 'Update contact' : 'Convert to contact'}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** A message opens as its form with "Convert to contact" above it (no Duplicate: a message comes from a visitor). */
const view: ListView = {
  record: ({ row, meta }) => (
    <Stack>
      <ConvertToContact row={row} canWrite={meta.permissions.write} />
      <ResourceForm meta={meta} record={row} readOnly={!meta.permissions.write} />
    </Stack>
  ),
};

export default function ContactMessagesPage() {
  return <ResourceScreen resource="contact-us/messages" view={view} />;
}
