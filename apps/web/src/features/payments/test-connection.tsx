import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, request } from '../../api/client';
import { useRecordList } from '../../kit/resource-api';

/** Asks a gateway's API whether it accepts the stored credentials. */
export function TestConnection() {
  const [open, setOpen] = useState(false);
  const [gateway, setGateway] = useState<string | null>(null);
  const gateways = useRecordList('payments/gateways', { limit: 100 }, open);
  const test = useMutation({
    mutationFn: (id: string) =>
      request<{ data: { ok: boolean; message: string } }>('POST', `/api/v1/payments/gateways/${id}/test`).then((r) => r.data),
  });
  const options = (gateways.data?.data ?? []).map((g) => ({ value: g.id, label: `${String(g.displayName)} (${String(g.mode)})` }));
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Test connection
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Test a gateway's credentials">
        <Stack>
          <Select label="Gateway" data={options} value={gateway} onChange={setGateway} placeholder="Choose a gateway" />
          <Group justify="flex-end">
            <Button disabled={!gateway} loading={test.isPending} onClick={() => gateway && test.mutate(gateway)}>
              Test
            </Button>
          </Group>
          {test.data && (
            <Alert color={test.data.ok ? 'teal' : 'red'} title={test.data.ok ? 'Connected' : 'Not connected'}>
              {test.data.message}
            </Alert>
          )}
          {test.error && <Alert color="red">{test.error instanceof ApiError ? test.error.message : 'The test could not run'}</Alert>}
        </Stack>
      </Modal>
    </>
  );
}
